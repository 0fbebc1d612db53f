"""Fuzzing the loader with mutants of the bundled variant and module files.

Every mutant (see ``rel_mutate``) goes to the loader: ``validate_text`` for
text-level mutants (in-process, fast), ``validate_file`` for byte-level ones
(bad UTF-8, UTF-16, NUL ...). The only answers allowed are "valid" (then
``load_ruleset`` loads it and, once the engine is there, a random game on it
completes) or a non-empty list of located problems. Exceptions and hangs are
violations; a failure prints the seed, the mutation steps and the text.

Volume (environment variables):

- ``AUCTIONRULES_FUZZ`` mutants (default 1,500), from seed
  ``AUCTIONRULES_FUZZ_SEED`` (default 0);
- ``AUCTIONRULES_FUZZ_CLI`` of them through ``auctionrules validate``
  in-process (default 150) and ``AUCTIONRULES_FUZZ_SUBPROCESS`` through the
  real command in a subprocess, ten files per call (default 30);
- ``AUCTIONRULES_FUZZ_REPORT=path.json`` writes the figures.

The full run of the report::

    AUCTIONRULES_FUZZ=10000 AUCTIONRULES_FUZZ_REPORT=fuzz.json \\
        .venv/bin/python -m pytest tests/reliability/test_fuzz_variants.py -s -k volume
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rel_fuzz import FILE_LIMIT, check_case, is_utf8, reproducer, write
from rel_mutate import SOURCE_FILES, apply_steps, mutate
from rel_oracle import Tally, time_limit

from auctionrules import loader

FUZZ_FILES = int(os.environ.get("AUCTIONRULES_FUZZ", "1500"))
FUZZ_SEED = int(os.environ.get("AUCTIONRULES_FUZZ_SEED", "0"))
CLI_FILES = int(os.environ.get("AUCTIONRULES_FUZZ_CLI", "150"))
SUBPROCESS_FILES = int(os.environ.get("AUCTIONRULES_FUZZ_SUBPROCESS", "30"))

def test_bundled_files_are_valid(tmp_path: Path) -> None:
    """The mutants' sources are valid: otherwise every mutant is trivially invalid."""
    tally = Tally()
    for source in SOURCE_FILES:
        assert loader.validate_file(source) == [], source
        data = source.read_bytes()
        assert loader.validate_text(data.decode(), name=str(source)) == [], source
        check_case(source, data, tally, source.name, play=False)
    assert tally.violations == []
    assert tally.valid == len(SOURCE_FILES)


def run_volume(count: int, seed: int, folder: Path) -> tuple[Tally, float]:
    tally = Tally()
    start = time.perf_counter()
    for number in range(seed, seed + count):
        mutant = mutate(number)
        path = write(mutant, folder)
        check_case(path, mutant.data, tally, mutant.describe(), mutant.kind)
        path.unlink()
    return tally, time.perf_counter() - start


def test_fuzzed_variants_volume(tmp_path: Path) -> None:
    """``AUCTIONRULES_FUZZ`` seeded mutants: valid or located problems, nothing else."""
    tally, elapsed = run_volume(FUZZ_FILES, FUZZ_SEED, tmp_path)
    report = tally.summary() + f"\nelapsed={elapsed:.1f}s"
    print(report)
    if out := os.environ.get("AUCTIONRULES_FUZZ_REPORT"):
        figures = tally.as_dict() | {"seconds": round(elapsed, 1), "seed": FUZZ_SEED}
        figures["violation_details"] = tally.violations[:100]
        Path(out).write_text(json.dumps(figures, indent=1, ensure_ascii=False), encoding="utf-8")
    assert tally.files == FUZZ_FILES
    # Both outcomes must be exercised, or the mutations are too weak (or too strong).
    assert tally.valid > 0
    assert tally.invalid > 0
    assert tally.violations == [], report


def test_validation_is_deterministic_and_text_matches_file(tmp_path: Path) -> None:
    """The same mutant twice gives the same problems, through the text and the file API."""
    rng = random.Random(FUZZ_SEED + 7)
    differences = []
    for _ in range(100):
        mutant = mutate(rng.randrange(10**9))
        if not is_utf8(mutant.data) or b"\x00" in mutant.data:
            continue
        path = write(mutant, tmp_path)
        with time_limit(FILE_LIMIT, "validate"):
            first = [str(p) for p in loader.validate_text(mutant.data.decode(), name=str(path))]
            second = [str(p) for p in loader.validate_text(mutant.data.decode(), name=str(path))]
            by_file = [str(p) for p in loader.validate_file(path)]
        if first != second:
            differences.append(f"not deterministic: {first} != {second}\n{mutant.describe()}")
        elif first != by_file:
            differences.append(
                f"validate_text {first} != validate_file {by_file}\n{mutant.describe()}"
            )
        path.unlink()
    assert differences == []


def test_fuzzed_variants_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sample through ``auctionrules validate`` in-process: exit 0 or 1, no traceback."""
    from auctionrules.cli import main

    rng = random.Random(FUZZ_SEED + 1)
    codes: dict[int, int] = {}
    bad: list[str] = []
    for _ in range(CLI_FILES):
        mutant = mutate(rng.randrange(10**9))
        path = write(mutant, tmp_path)
        with time_limit(FILE_LIMIT, "validate_file"):
            expected = [str(p) for p in loader.validate_file(path)]
        fmt = rng.choice([[], ["--format", "json"]])
        try:
            with time_limit(FILE_LIMIT, "cli"):
                code = main(["validate", str(path), *fmt])
        except SystemExit as exc:  # argparse; must not happen for a well-formed command
            code = exc.code if isinstance(exc.code, int) else -1
        except Exception as exc:
            where = reproducer(mutant.describe(), mutant.data)
            bad.append(f"main raised {type(exc).__name__}: {exc}\n{where}")
            continue
        out, err = capsys.readouterr()
        codes[code] = codes.get(code, 0) + 1
        if code != (1 if expected else 0):
            bad.append(f"exit {code}, validate_file gave {expected}\n{mutant.describe()}")
        if "Traceback" in out + err:
            bad.append(f"traceback in output\n{mutant.describe()}")
        if fmt:
            try:
                json.loads(out)
            except ValueError:
                bad.append(f"--format json printed non-JSON {out[:200]!r}\n{mutant.describe()}")
        else:
            missing = [p for p in expected if p not in out + err]
            if missing:
                bad.append(f"problems not printed: {missing}\n{mutant.describe()}")
        path.unlink()
    print(f"cli exit codes: {codes}")
    assert bad == []
    assert set(codes) <= {0, 1}
    assert codes.get(1, 0) > 0


def test_fuzzed_variants_through_the_cli_subprocess(tmp_path: Path) -> None:
    """The real command in a subprocess, ten mutants a call: exit 0/1, never a traceback."""
    rng = random.Random(FUZZ_SEED + 2)
    bad: list[str] = []
    calls = 0
    for start in range(0, SUBPROCESS_FILES, 10):
        batch = [mutate(rng.randrange(10**9)) for _ in range(min(10, SUBPROCESS_FILES - start))]
        folder = tmp_path / f"batch{start}"
        folder.mkdir()
        paths = [write(m, folder) for m in batch]
        invalid = [bool(loader.validate_file(p)) for p in paths]
        fmt = ["--format", "json"] if calls % 2 else []
        calls += 1
        try:
            result = subprocess.run(
                [sys.executable, "-m", "auctionrules", "validate", *map(str, paths), *fmt],
                capture_output=True, text=True, timeout=60, check=False,
            )
        except subprocess.TimeoutExpired:
            bad.append(f"hang: {[m.describe() for m in batch]}")
            continue
        where = [m.describe() for m in batch]
        if result.returncode != (1 if any(invalid) else 0):
            bad.append(f"exit {result.returncode}, expected {int(any(invalid))}: {where}")
        if "Traceback" in result.stdout + result.stderr:
            bad.append(f"traceback: {result.stderr[-2000:]} {where}")
        if fmt:
            try:
                json.loads(result.stdout)
            except ValueError:
                bad.append(f"--format json printed non-JSON {result.stdout[:200]!r}")
    assert bad == []
    assert calls == -(-SUBPROCESS_FILES // 10)


STEP = st.tuples(st.sampled_from(["tree", "text", "bytes"]), st.integers(0, 2**32 - 1))


@settings(
    max_examples=int(os.environ.get("AUCTIONRULES_FUZZ_EXAMPLES", "100")),
    deadline=None,
    derandomize=os.environ.get("AUCTIONRULES_RANDOM") is None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(source=st.sampled_from(SOURCE_FILES), steps=st.lists(STEP, min_size=1, max_size=6))
def test_mutation_sequences(tmp_path: Path, source: Path, steps: list[tuple[str, int]]) -> None:
    """Hypothesis over mutation sequences (it shrinks a failure to the fewest steps)."""
    mutant = apply_steps(source, steps)
    path = tmp_path / f"{source.stem}-hyp.yaml"
    path.write_bytes(mutant.data)
    tally = Tally()
    check_case(path, mutant.data, tally, f"{source.name} steps={steps} log={mutant.steps}")
    assert tally.violations == []


def test_mutants_are_reproducible() -> None:
    """``mutate(seed)`` is a pure function of the seed: a failure's seed reproduces it."""
    for seed in (0, 1, 17, 4242, 10**6):
        assert mutate(seed).data == mutate(seed).data
        assert mutate(seed).steps == mutate(seed).steps
    assert len({mutate(seed).data for seed in range(50)}) > 40
