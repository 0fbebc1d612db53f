"""``auctionrules show VARIANT``: the fully resolved ruleset.

``extends`` and ``modules`` merged, defaults filled in: every option a game
on this ruleset uses, stated once. A module shows its own resolved keys.
``--origins`` says where each value comes from: the file and line that wrote
it (the file itself, a base it extends, a module, another ruleset's theme), or
the schema's default.
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
    parser.add_argument(
        "--origins",
        action="store_true",
        help="say where each value was written (file:line:col) or that it is a default",
    )


def run(args: argparse.Namespace) -> int:
    import json

    import yaml

    from auctionrules.loader import RulesetError, find_ruleset, load_document, origins

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
    if args.origins:
        where = {
            path: "default" if origin is None else "{}:{}:{}".format(*origin)
            for path, origin in origins(args.variant).items()
        }
        if args.format == "json":
            print(json.dumps(where, indent=2, ensure_ascii=False))
        else:
            width = max(map(len, where), default=0)
            for path, origin in where.items():
                print(f"{path:<{width}}  {origin}")
        return 0
    if args.format == "json":
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        print(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), end="")
    return 0
