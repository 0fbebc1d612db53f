"""Loading a ruleset for a command, with every failure turned into a message and an exit code.

``play``, ``docs`` and ``diff`` take a bundled id or a file. A command-line user must see
the loader's problems (``file:line:col: message``), never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from auctionrules import resources
from auctionrules.loader import RulesetError, load_ruleset, validate_file
from auctionrules.loader.suggest import id_suggestion
from auctionrules.model import Ruleset


class LoadFailedError(Exception):
    """Loading failed; the messages were printed and ``code`` is the exit code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _is_file_ref(ref: str) -> bool:
    return "/" in ref or ref.endswith((".yaml", ".yml")) or Path(ref).is_file()


def add_module_option(parser: argparse.ArgumentParser) -> None:
    """``--module M`` (repeatable): apply a rule module on top of the variant."""
    parser.add_argument(
        "--module",
        "-m",
        dest="modules",
        action="append",
        default=[],
        metavar="MODULE",
        help="apply a rule module (bundled id, e.g. mystery-hand, or file); repeatable",
    )


def load(ref: str, modules: Sequence[str] = ()) -> Ruleset:
    """The ruleset ``ref`` (bundled id or path) with ``modules`` applied;
    :class:`LoadFailedError` after printing why.

    Exit codes: 1 a file is invalid, 2 one cannot be read or an id is unknown.
    """
    for module in modules:
        if not (_is_file_ref(module) or module in resources.bundled_module_ids()):
            known = ", ".join(resources.bundled_module_ids())
            hint = id_suggestion(module, resources.bundled_module_ids())
            print(f"unknown module: {module!r}{hint} (bundled: {known})", file=sys.stderr)
            raise LoadFailedError(2)
        if _is_file_ref(module) and not Path(module).is_file():
            print(f"{module}: {_not_a_file(Path(module))}", file=sys.stderr)
            raise LoadFailedError(2)
    if _is_file_ref(ref):
        path = Path(ref)
        if not path.is_file():
            print(f"{ref}: {_not_a_file(path)}", file=sys.stderr)
            raise LoadFailedError(2)
        problems = validate_file(path)
        if problems:
            for problem in problems:
                print(problem, file=sys.stderr)
            raise LoadFailedError(1)
    elif ref not in resources.bundled_variant_ids():
        known = ", ".join(resources.bundled_variant_ids())
        hint = id_suggestion(ref, resources.bundled_variant_ids())
        print(f"unknown variant: {ref!r}{hint} (bundled: {known})", file=sys.stderr)
        raise LoadFailedError(2)
    try:
        return load_ruleset(Path(ref) if _is_file_ref(ref) else ref, modules)
    except RulesetError as exc:
        for problem in getattr(exc, "problems", [str(exc)]):
            print(problem, file=sys.stderr)
        raise LoadFailedError(1) from exc
    except OSError as exc:
        print(f"{ref}: {exc}", file=sys.stderr)
        raise LoadFailedError(2) from exc
    except Exception as exc:  # a user sees a message, never a traceback
        print(f"{ref}: cannot load ruleset: {exc}", file=sys.stderr)
        raise LoadFailedError(1) from exc


def _not_a_file(path: Path) -> str:
    """Why ``path`` cannot be read as a ruleset file."""
    return "a directory, not a ruleset file" if path.is_dir() else "no such file"
