"""Problems found in ruleset files, and the one exception that carries them.

A problem is a value, not an exception: validation collects every problem of
every file it reads and sorts them by position, so an author fixes them all in
one pass (as jsonschema's ``iter_errors`` does for one instance).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

#: A location inside a document: mapping keys and list indexes from the root.
JsonPath = tuple[str | int, ...]

#: How serious a problem is: an error makes the ruleset invalid, a warning does not.
SEVERITIES = ("error", "warning")

_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_]+$")


def json_path(path: JsonPath) -> str:
    """``("auctions", "double", "payee")`` as ``$.auctions.double.payee``.

    Keys made of letters, digits and underscores print as ``.key`` (so a player
    count is ``$.player_counts.3``, as notes write it); other keys print
    bracketed and quoted, ``$['odd key']``; list indexes print as ``[2]``.
    """
    out = ["$"]
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _PLAIN_KEY.match(part):
            out.append(f".{part}")
        else:
            escaped = part.replace("\\", "\\\\").replace("'", "\\'")
            out.append(f"['{escaped}']")
    return "".join(out)


@attrs.frozen(order=True)
class Problem:
    """One thing wrong with a ruleset, where it is and what it is.

    ``line`` and ``column`` are 1-based and count characters of the decoded
    file, as editors do. Problems sort by ``(file, line, column, message)``.
    ``str(problem)`` is the one-line form every tool prints:
    ``file:line:col: message (at $.json.path)``.

    ``severity`` is ``"error"`` (the ruleset cannot be played as written) or
    ``"warning"`` (it can, but something in it is probably not what the author
    meant: a ranking scaled for another starting cash, options that contradict
    each other); a warning prints as ``file:line:col: warning: message``.
    """

    file: str
    line: int
    column: int
    message: str
    json_path: str = "$"
    severity: str = attrs.field(default="error", validator=attrs.validators.in_(SEVERITIES))

    def __str__(self) -> str:
        level = "warning: " if self.severity == "warning" else ""
        return f"{self.file}:{self.line}:{self.column}: {level}{self.message} (at {self.json_path})"

    @property
    def is_warning(self) -> bool:
        """Whether the problem is only a warning (the ruleset is still valid)."""
        return self.severity == "warning"

    def to_dict(self) -> dict[str, str | int]:
        """The problem as JSON-ready data (``auctionrules validate --format json``)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "json_path": self.json_path,
            "severity": self.severity,
            "text": str(self),
        }


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Problems without duplicates, by file and position.

    The same mistake can be seen twice (in the file on its own and in the
    resolved ruleset it is part of); it is reported once.
    """
    return sorted(set(problems))


class RulesetError(ValueError):
    """A ruleset could not be loaded; ``problems`` lists every reason, sorted.

    ``str()`` gives one problem per line, so an uncaught error still reads
    like ``auctionrules validate`` output.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = sort_problems(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
