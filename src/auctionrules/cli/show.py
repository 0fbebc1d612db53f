"""``auctionrules show VARIANT``: the fully resolved ruleset."""

from __future__ import annotations

import argparse

HELP = "print the fully resolved ruleset (extends and modules merged, defaults filled in)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")


def run(args: argparse.Namespace) -> int:
    import yaml

    from auctionrules.loader import load_ruleset

    ruleset = load_ruleset(args.variant)
    print(yaml.safe_dump(ruleset.document, sort_keys=False, allow_unicode=True), end="")
    return 0
