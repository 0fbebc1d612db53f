"""``auctionrules diff A B``: the rules that differ between two rulesets, in prose."""

from __future__ import annotations

import argparse

HELP = (
    "list the rules that differ between two rulesets; exit 0 identical, 3 different, "
    "1 a ruleset is invalid, 2 one cannot be read"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a bundled id or a ruleset file")
    parser.add_argument("b", metavar="B", help="a bundled id or a ruleset file")
    parser.add_argument(
        "--module", "-m", dest="modules", action="append", default=[], metavar="MODULE",
        help="apply a rule module to B (bundled id or file); repeatable. What a module "
        "changes: diff X X --module M",
    )
    parser.add_argument(
        "--module-a", dest="modules_a", action="append", default=[], metavar="MODULE",
        help="apply a rule module to A; repeatable",
    )
    parser.add_argument("--lang", default="en", help="language of the prose (en, fr)")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from auctionrules.cli import codes
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.loader import RulesetError
    from auctionrules.rulebook import UnknownLanguageError
    from auctionrules.rulebook.diff import diff

    try:
        a = load(args.a, args.modules_a)
        b = load(args.b, args.modules)
    except LoadFailedError as exc:
        return exc.code
    try:
        result = diff(a, b, args.lang)
    except UnknownLanguageError as exc:
        print(f"auctionrules diff: {exc}", file=sys.stderr)
        return codes.USAGE
    except RulesetError as exc:  # an optional module that does not fit its ruleset
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return codes.INVALID
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(result.to_text())
    return codes.OK if result.identical else codes.DIFFERENT
