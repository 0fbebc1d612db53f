"""``auctionrules docs VARIANT``: the generated rulebook of a ruleset."""

from __future__ import annotations

import argparse

from auctionrules.cli.loading import add_module_option

HELP = (
    "print the generated rulebook of a ruleset (Markdown, reStructuredText or one HTML file "
    "to print; English or French)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")
    add_module_option(parser)
    parser.add_argument(
        "--format", choices=("md", "rst", "html"), default="md",
        help="output format (html: one self-contained page with a print style sheet: "
        "each chapter on a new page)",
    )
    parser.add_argument(
        "--lang", default=None, help="language code (en, fr); default: the ruleset's language"
    )
    parser.add_argument(
        "--players-only", action="store_true",
        help="leave out the closing designer section (sources, assumptions, options that "
        "differ from the defaults)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.loader import RulesetError
    from auctionrules.rulebook import UnknownLanguageError, render

    try:
        ruleset = load(args.variant, args.modules)
    except LoadFailedError as exc:
        return exc.code
    try:
        text = render(ruleset, format=args.format, lang=args.lang,
                      designer=not args.players_only)
    except UnknownLanguageError as exc:
        print(f"auctionrules docs: {exc}", file=sys.stderr)
        return 2
    except RulesetError as exc:  # an optional module that does not fit the ruleset
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"{args.output}: {exc}", file=sys.stderr)
            return 2
    else:
        sys.stdout.write(text)
    return 0
