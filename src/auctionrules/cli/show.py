"""``auctionrules show VARIANT``: the fully resolved ruleset.

``extends`` and ``modules`` merged, defaults filled in: every option a game
on this ruleset uses, stated once. A module shows its own resolved keys.
"""

from __future__ import annotations

import argparse
import sys

HELP = "print the fully resolved ruleset (extends and modules merged, defaults filled in)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")
    parser.add_argument(
        "--format", choices=("yaml", "json"), default="yaml", help="output format (default yaml)"
    )


def run(args: argparse.Namespace) -> int:
    import json

    import yaml

    from auctionrules.loader import RulesetError, find_ruleset, load_document

    try:
        find_ruleset(args.variant)
    except FileNotFoundError as exc:
        print(f"auctionrules show: {exc}", file=sys.stderr)
        return 2
    try:
        document = load_document(args.variant)
    except RulesetError as exc:
        for problem in exc.problems:
            print(problem)
        return 1
    if args.format == "json":
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        print(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), end="")
    return 0
