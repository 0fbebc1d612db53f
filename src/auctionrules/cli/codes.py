"""The exit codes of every ``auctionrules`` command, in one place.

One meaning per code, whatever the command: a script or a pre-commit hook
that reads a ruleset learns "the ruleset is invalid" from the same code
whether it ran ``validate``, ``play``, ``docs``, ``diff``, ``simulate`` or
``compare``. The table in ``docs/cli.rst`` is written from these names.
"""

from __future__ import annotations

#: Success (``diff``: the two rulesets have the same rules).
OK = 0
#: A ruleset (or a game record) is invalid: its problems are printed as
#: ``file:line:col: message``. Also a run that failed on its own terms.
INVALID = 1
#: Usage or I/O: a bad option, a file that cannot be read or written, an
#: unknown id, an output file that exists (argparse uses 2 for usage, too).
USAGE = 2
#: ``diff`` only: both rulesets are valid and their rules differ.
DIFFERENT = 3
