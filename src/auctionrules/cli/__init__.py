"""The ``auctionrules`` command line: one module per subcommand.

Each subcommand module defines ``HELP`` (one line), ``add_arguments(parser)``
and ``run(args) -> int``, and imports anything heavy inside ``run`` so that
``auctionrules validate`` starts fast. Exit codes (:mod:`auctionrules.cli.codes`,
the same for every command): 0 success, 1 a ruleset is invalid, 2 usage or
I/O error, 3 ``diff`` found differences.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import re
import sys
from collections.abc import Sequence

#: Subcommand name -> module under ``auctionrules.cli``; the order is the help's.
COMMANDS: dict[str, str] = {
    "validate": "validate",
    "variants": "variants",
    "show": "show",
    "play": "play",
    "replay": "replay",
    "bench": "bench",
    "docs": "docs",
    "diff": "diff",
    "simulate": "simulate",
    "compare": "compare",
    "ladder": "ladder",
    "serve": "serve",
}


def version_line() -> str:
    """``auctionrules 0.1.0 (compiled)``, or ``(pure Python)`` for the plain install."""
    from importlib.metadata import PackageNotFoundError, version

    from auctionrules.engine import COMPILED

    try:
        number = version("auctionrules")
    except PackageNotFoundError:  # (a checkout on the path, not installed)
        number = "unknown"
    return f"auctionrules {number} ({'compiled' if COMPILED else 'pure Python'})"


class _Version(argparse.Action):
    """``--version``, the engine imported only when asked (``validate`` starts fast)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand whose module is installed."""
    parser = argparse.ArgumentParser(
        prog="auctionrules",
        description="Validate, play and document Modern Art rulesets.",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0,
        help="print the version, and whether the engine is compiled or plain Python",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(f"auctionrules.cli.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"auctionrules.cli.{module_name}":
                raise
            continue
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def unknown_option(
    parser: argparse.ArgumentParser, argv: Sequence[str]
) -> tuple[argparse.ArgumentParser, str] | None:
    """The first option of ``argv`` that the subcommand it names does not know.

    argparse reports a missing argument before an unknown option, so
    ``validate --strcit`` would say that FILE is required, not that ``--strcit`` is
    unknown; the unknown option is the mistake to name. Abbreviations argparse
    accepts are known; ``-`` (standard input), negative numbers and everything
    after ``--`` are arguments, not options.
    """
    subparsers = next(
        (a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None
    )
    command = next((word for word in argv if not word.startswith("-")), None)
    if subparsers is None or command not in subparsers.choices:
        return None
    sub: argparse.ArgumentParser = subparsers.choices[command]
    known = list(sub._option_string_actions)
    for word in argv[list(argv).index(command) + 1 :]:
        if word == "--":
            break
        if not word.startswith("-") or word == "-" or _NUMBER.match(word):
            continue
        name = word.split("=", 1)[0]
        if name in known or (name.startswith("--") and any(k.startswith(name) for k in known)):
            continue
        if not name.startswith("--") and name[:2] in known:  # -p4, -sv
            continue
        return sub, name
    return None


_NUMBER = re.compile(r"^-\d+$|^-\d*\.\d+$")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    unknown = unknown_option(parser, words)
    if unknown is not None:
        sub, name = unknown
        close = difflib.get_close_matches(name, list(sub._option_string_actions), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        sub.error(f"unknown option {name}{hint}")
    args = parser.parse_args(words)
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
