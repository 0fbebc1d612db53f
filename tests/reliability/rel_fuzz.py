"""The fuzz harness: one file through the loader (and a game), outcome into a tally."""

from __future__ import annotations

import time
import traceback
import zlib
from pathlib import Path
from typing import Any

from rel_engine import play_random_game
from rel_mutate import Mutant
from rel_oracle import Hang, Tally, message_kind, order_error, problem_error, time_limit

from auctionrules import loader

#: Seconds one file may take to validate and load (a hang is a violation).
FILE_LIMIT = 5.0
#: Seconds a random game on a valid mutant may take.
GAME_LIMIT = 30.0



def reproducer(label: str, data: bytes) -> str:
    """What a failure prints: the label (seed, steps) and the start of the text."""
    text = data.decode("utf-8", "backslashreplace")
    if len(text) > 3000:
        text = text[:3000] + f"\n... ({len(data)} bytes)"
    return f"{label}\n----- mutated file -----\n{text}\n------------------------"


def validate(path: Path, data: bytes, by_text: bool) -> list[Any]:
    """The loader's answer for ``data`` named ``path``: through the text or the file API."""
    if by_text:
        return loader.validate_text(data.decode("utf-8"), name=str(path))
    return loader.validate_file(path)


def check_case(
    path: Path, data: bytes, tally: Tally, label: str, kind: str = "-", *, play: bool = True
) -> None:
    """Run one file through the loader (and a game); record the outcome in ``tally``.

    ``path`` must hold ``data`` already: ``load_ruleset`` and ``extends`` read it.
    """
    tally.files += 1
    violations = len(tally.violations)
    outcome = "violation"
    by_text = b"\x00" not in data and is_utf8(data)
    start = time.perf_counter()
    ruleset = None
    try:
        with time_limit(FILE_LIMIT, f"validating {path.name}"):
            problems = validate(path, data, by_text)
            if not isinstance(problems, list):
                tally.violations.append(f"validate returned {type(problems).__name__}")
            elif problems:
                outcome = "invalid"
                tally.invalid += 1
                tally.problems += len(problems)
                tally.kinds[message_kind(str(problems[0]))] += 1
                files = {str(path): data}
                for problem in problems:
                    if error := problem_error(problem, files):
                        tally.violations.append(error)
                if error := order_error(problems):
                    tally.violations.append(error)
            else:
                outcome = "valid"
                tally.valid += 1
                try:
                    ruleset = loader.load_ruleset(path)
                except loader.RulesetError as exc:
                    # A valid module is not a whole game: load_ruleset says so, clearly.
                    if "module" not in str(exc):
                        raise
                    tally.modules += 1
    except Hang as exc:
        tally.violations.append(f"hang: {exc}")
    except Exception as exc:
        tally.violations.append(
            f"{type(exc).__name__}: {str(exc)[:300]}\n" + traceback.format_exc(limit=-4)
        )
    finally:
        elapsed = time.perf_counter() - start
        if elapsed > tally.slowest[0]:
            tally.slowest = (elapsed, label)
    if ruleset is not None and play:
        try:
            with time_limit(GAME_LIMIT, f"a game on {path.name}"):
                actions = play_random_game(ruleset, seed=zlib.crc32(data))
        except Hang as exc:
            tally.violations.append(f"game hang: {exc}")
            outcome = "violation"
        except Exception as exc:
            if type(exc).__name__ == "RulesError" and str(exc).strip():
                # Schema-valid but names a strategy nobody registered: the engine
                # says so clearly at compile time, which the contract allows.
                outcome = "uncompilable"
                tally.uncompilable += 1
            else:
                tally.violations.append(
                    f"game raised {type(exc).__name__}: {str(exc)[:300]}\n"
                    + traceback.format_exc(limit=-4)
                )
                outcome = "violation"
        else:
            if actions is not None:
                tally.games += 1
                tally.actions += actions
    if len(tally.violations) > violations:
        outcome = "violation"
        for index in range(violations, len(tally.violations)):
            tally.violations[index] = (
                f"[{'text' if by_text else 'file'} API] {tally.violations[index]}\n"
                + reproducer(label, data)
            )
    tally.by_mutation[kind, outcome] += 1


def is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def write(mutant: Mutant, folder: Path) -> Path:
    path = folder / mutant.name
    path.write_bytes(mutant.data)
    return path


