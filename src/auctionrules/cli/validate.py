"""``auctionrules validate FILE...``: report every problem of every file.

Exit status: 0 every file is valid, 1 some file is invalid, 2 a file could not
be read at all (missing, a directory, no permission): an I/O error is not a
verdict on the ruleset, so it gets its own status and goes to stderr.

``-`` reads one ruleset from standard input (named ``<stdin>`` in messages;
its relative ``extends`` start at the working directory), so an editor or a
pipeline can check a buffer that is not saved.

Warnings (``file:line:col: warning: ...``: a valid ruleset that is probably
not what its author meant) are printed too and leave the exit status at 0,
unless ``--strict`` makes them count as problems.

``--format github`` prints each problem as a GitHub Actions workflow command
(``::error file=…,line=…,col=…::message``), which the CI shows as an
annotation on the line of the pull request.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from auctionrules.cli import codes

if TYPE_CHECKING:
    from auctionrules.loader import Problem

HELP = "check ruleset files ('-' reads standard input); every problem as file:line:col: message"

#: The name a ruleset read from standard input has in messages.
STDIN_NAME = "<stdin>"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="ruleset files (YAML); - reads standard input"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="output format (default text; github: GitHub Actions annotations)",
    )
    parser.add_argument(
        "--strict", action="store_true", help="warnings make a file invalid too (exit 1)"
    )


def _escape(text: str, *, prop: bool = False) -> str:
    """``text`` escaped as GitHub's workflow commands require (a property also
    escapes ``:`` and ``,``, which would end it)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def github_annotation(problem: Problem) -> str:
    """``problem`` as a GitHub Actions workflow command: an error or warning annotation."""
    level = "warning" if problem.is_warning else "error"
    where = ",".join(
        f"{key}={_escape(str(value), prop=True)}"
        for key, value in (("file", problem.file), ("line", problem.line),
                           ("col", problem.column))
    )
    return f"::{level} {where}::{_escape(f'{problem.message} (at {problem.json_path})')}"


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from auctionrules.loader import unreadable, validate_file, validate_text

    results: list[dict[str, object]] = []
    errors: list[str] = []
    invalid = False
    for given in args.files:
        name = STDIN_NAME if given == "-" else given
        if given == "-":
            try:
                text = sys.stdin.read()
            except (OSError, UnicodeDecodeError) as exc:
                errors.append(f"{STDIN_NAME}: cannot read: {exc}")
                continue
            problems = validate_text(text, STDIN_NAME, warnings=True)
        else:
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
        if args.format == "github":
            for problem in problems:
                print(github_annotation(problem))
        elif args.format == "text":
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
        return codes.USAGE
    return codes.INVALID if invalid else codes.OK
