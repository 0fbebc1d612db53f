"""``auctionrules validate FILE...``: report every problem of every file."""

from __future__ import annotations

import argparse
import json
import sys

HELP = "check ruleset files; every problem as file:line:col: message (at $.path)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="ruleset files (YAML)")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from auctionrules.loader import validate_file

    report: dict[str, list[str]] = {}
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            print(f"{name}: no such file", file=sys.stderr)
            return 2
        report[name] = validate_file(path)
    if args.format == "json":
        print(json.dumps({"files": report}, indent=2))
    else:
        for name, problems in report.items():
            for problem in problems:
                print(problem)
            if not problems:
                print(f"{name}: valid")
    return 1 if any(report.values()) else 0
