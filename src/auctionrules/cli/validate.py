"""``auctionrules validate FILE...``: report every problem of every file.

Exit status: 0 every file is valid, 1 some file is invalid, 2 a file could not
be read at all (missing, a directory, no permission): an I/O error is not a
verdict on the ruleset, so it gets its own status and goes to stderr.

Warnings (``file:line:col: warning: ...``: a valid ruleset that is probably
not what its author meant) are printed too and leave the exit status at 0,
unless ``--strict`` makes them count as problems.
"""

from __future__ import annotations

import argparse
import json
import sys

HELP = "check ruleset files; every problem as file:line:col: message (at $.path)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="ruleset files (YAML)")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default text)"
    )
    parser.add_argument(
        "--strict", action="store_true", help="warnings make a file invalid too (exit 1)"
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from auctionrules.loader import unreadable, validate_file

    results: list[dict[str, object]] = []
    errors: list[str] = []
    invalid = False
    for name in args.files:
        reason = unreadable(Path(name))
        if reason is not None:
            errors.append(f"{name}: cannot read: {reason}")
            continue
        problems = validate_file(name, warnings=True)
        failing = [p for p in problems if args.strict or not p.is_warning]
        invalid = invalid or bool(failing)
        results.append(
            {"file": name, "valid": not failing, "problems": [p.to_dict() for p in problems]}
        )
        if args.format == "text":
            for problem in problems:
                print(problem)
            if not failing:
                count = len(problems)
                noted = f" ({count} warning{'s' * (count > 1)})" if count else ""
                print(f"{name}: valid{noted}")
    if args.format == "json":
        valid = not invalid and not errors
        print(
            json.dumps(
                {"valid": valid, "files": results, "errors": errors}, indent=2, ensure_ascii=False
            )
        )
    for error in errors:
        print(f"auctionrules validate: {error}", file=sys.stderr)
    if errors:
        return 2
    return 1 if invalid else 0
