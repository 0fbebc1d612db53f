"""The CLI reference, generated from its single source: the parser itself.

Each subcommand's ``--help``, as the documentation shows it; it cannot drift
from what the program accepts. The command line describes itself here, so that
the rulebook layer (which writes the schema reference) never imports the CLI.
"""

from __future__ import annotations

import argparse

from auctionrules.cli import build_parser


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """The ``auctionrules`` subcommand parsers, by name, in help order."""
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_rst() -> str:
    """The CLI reference: one section per subcommand with its ``--help``."""
    out: list[str] = []
    for name, parser in subcommands().items():
        parser.formatter_class = _formatter
        heading = f"auctionrules {name}"
        out += [heading, "-" * len(heading), "", "::", ""]
        out += [f"   {line}".rstrip() for line in parser.format_help().splitlines()]
        out.append("")
    return "\n".join(out)


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=88)
