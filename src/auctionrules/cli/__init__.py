"""The ``auctionrules`` command line: one module per subcommand.

Each subcommand module defines ``HELP`` (one line), ``add_arguments(parser)``
and ``run(args) -> int``, and imports anything heavy inside ``run`` so that
``auctionrules validate`` starts fast. Exit codes (:mod:`auctionrules.cli.codes`,
the same for every command): 0 success, 1 a ruleset is invalid, 2 usage or
I/O error, 3 ``diff`` found differences.
"""

from __future__ import annotations

import argparse
import importlib
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


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
