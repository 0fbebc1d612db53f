"""Hostile ruleset files: each is refused quickly with a clear, located message.

Each test names the attack, builds the file, and checks the loader's answer
through ``validate_text`` / ``validate_file`` (a located problem whose message
says what is wrong), ``load_ruleset`` (raises ``RulesetError``, nothing else)
and, for a few, the real ``auctionrules validate`` command (exit 1, or 2 for
I/O errors, never a traceback).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rel_oracle import problem_error, time_limit

from auctionrules import loader

ROOT = Path(__file__).resolve().parents[2]
VALID = (ROOT / "variants" / "hig-1992-en.yaml").read_text(encoding="utf-8")
#: Seconds any hostile file may take, end to end.
LIMIT = 5.0


def minimal(extra: str = "", *, id_: str = "hostile") -> str:
    """A small valid variant (extends a bundled one) with ``extra`` lines appended."""
    return f"id: {id_}\ntitle: Hostile\nextends: hig-1992-en\n{extra}"


def problems_of(path: Path) -> list[Any]:
    """``validate_file`` under the time limit, every problem checked for shape and place."""
    data = path.read_bytes() if path.is_file() else b""
    with time_limit(LIMIT, f"validate_file({path.name})"):
        problems = loader.validate_file(path)
    assert problems, f"{path.name}: accepted as valid"
    errors = [e for p in problems if (e := problem_error(p, {str(path): data}))]
    assert errors == [], errors
    return problems


def text_problems(text: str, name: str) -> list[Any]:
    with time_limit(LIMIT, f"validate_text({name})"):
        problems = loader.validate_text(text, name=name)
    assert problems, f"{name}: accepted as valid"
    errors = [e for p in problems if (e := problem_error(p, {name: text.encode()}))]
    assert errors == [], errors
    return problems


def assert_says(problems: list[Any], pattern: str) -> Any:
    """The first problem whose message matches ``pattern`` (case-insensitive)."""
    for problem in problems:
        if re.search(pattern, problem.message, re.IGNORECASE):
            return problem
    raise AssertionError(f"no message matches {pattern!r}: {[str(p) for p in problems]}")


def assert_load_refuses(path: Path) -> None:
    with time_limit(LIMIT, f"load_ruleset({path.name})"), pytest.raises(loader.RulesetError):
        loader.load_ruleset(path)


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "auctionrules", "validate", *args],
        capture_output=True, text=True, timeout=timeout, check=False,
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


# -- aliases and nesting -------------------------------------------------------------


def billion_laughs(levels: int = 9) -> str:
    lines = ['  a0: &a0 "lol"']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"  a{level}: &a{level} [{refs}]")
    return minimal("theme:\n  bomb:\n" + "\n".join("  " + ln for ln in lines) + "\n")


def test_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    """Nine levels of nine aliases (9**9 strings once expanded): an alias cap, not a hang."""
    path = tmp_path / "laughs.yaml"
    path.write_text(billion_laughs(), encoding="utf-8")
    start = time.perf_counter()
    problem = assert_says(problems_of(path), r"alias")
    assert time.perf_counter() - start < LIMIT
    assert problem.file == str(path)
    assert_says(text_problems(path.read_text(), str(path)), r"alias")
    assert_load_refuses(path)
    assert cli(str(path)).returncode == 1


def test_a_few_aliases_are_fine(tmp_path: Path) -> None:
    """The alias cap does not refuse ordinary anchors and aliases (the bomb test's control)."""
    text = VALID.replace(
        "  screens: true", "  screens: &yes true"
    ).replace("  public_prices: true", "  public_prices: *yes")
    assert "&yes" in text and "*yes" in text
    with time_limit(LIMIT, "validate_text"):
        assert loader.validate_text(text, name=str(tmp_path / "aliases.yaml")) == []


@pytest.mark.parametrize(
    ("shape", "depth"),
    [("flow-list", 10_000), ("flow-map", 10_000), ("block-map", 600), ("flow-list", 200)],
)
def test_deep_nesting_is_refused(tmp_path: Path, shape: str, depth: int) -> None:
    """Nesting deep enough to break recursive code: a clear "too deeply nested" problem."""
    if shape == "flow-list":
        value = "[" * depth + "1" + "]" * depth
        text = minimal(f"notes: {value}\n")
    elif shape == "flow-map":
        text = minimal("notes: " + "{a: " * depth + "1" + "}" * depth + "\n")
    else:
        text = minimal("theme:\n" + "".join(f"{'  ' * (i + 1)}a:\n" for i in range(depth)))
    path = tmp_path / f"deep-{shape}-{depth}.yaml"
    path.write_text(text, encoding="utf-8")
    problems = problems_of(path)
    if depth >= 600:
        assert_says(problems, r"nest|deep|depth")
    assert_load_refuses(path)


# -- unsafe tags ---------------------------------------------------------------------

UNSAFE_TAGS = [
    "!!python/object/apply:os.system ['touch {marker}']",
    "!!python/object/apply:os.mkdir ['{marker}']",
    "!!python/object/apply:subprocess.call [['touch', '{marker}']]",
    "!!python/object/new:os.system ['touch {marker}']",
    "!!python/name:os.system",
    "!!python/module:os",
    "!!python/object:pathlib.Path {{}}",
    "!<tag:yaml.org,2002:python/object/apply:os.mkdir> ['{marker}']",
]


@pytest.mark.parametrize("tag", UNSAFE_TAGS, ids=lambda t: t.split()[0][:40])
def test_unsafe_tags_are_never_constructed(tmp_path: Path, tag: str) -> None:
    """A tag that would run code (here: create a marker) is refused and never constructed."""
    marker = tmp_path / "marker"
    text = minimal(f"edition: {tag.format(marker=marker)}\n")
    path = tmp_path / "unsafe.yaml"
    path.write_text(text, encoding="utf-8")
    problem = assert_says(problems_of(path), r"tag|unsafe|not allowed|construct|python")
    assert problem.line == 4
    assert_says(text_problems(text, str(path)), r"tag|unsafe|not allowed|construct|python")
    assert_load_refuses(path)
    assert cli(str(path)).returncode == 1
    assert not marker.exists(), f"{tag} was constructed"


@pytest.mark.parametrize(
    "value",
    ["!!timestamp 2001-12-14 garbage", "!!timestamp 2001-02-30", "!!int abc", "!!int 0x",
     "!!float x", "!!float .nan", "!!bool maybe", "!!null x", "!!binary aGk=", "!!set {a}",
     "!!omap [a: 1]", "!!pairs [a: 1]", "!custom x", "!!str [1]"],
)
def test_explicit_scalar_and_collection_tags_never_crash(tmp_path: Path, value: str) -> None:
    """Standard tags with values PyYAML's own constructors choke on: an answer, not a crash."""
    name = str(tmp_path / "tags.yaml")
    text = minimal(f"edition: {value}\n")
    with time_limit(LIMIT, "validate_text"):
        problems = loader.validate_text(text, name=name)
    errors = [e for p in problems if (e := problem_error(p, {name: text.encode()}))]
    assert errors == [], errors
    assert all(p.line == 4 for p in problems), [str(p) for p in problems]


def test_marker_detector_works(tmp_path: Path) -> None:
    """Control: the same tag under an unsafe loader does create the marker."""
    import yaml

    marker = tmp_path / "marker"
    yaml.unsafe_load(f"x: !!python/object/apply:os.mkdir ['{marker}']")
    assert marker.exists()


# -- duplicate keys --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        (minimal("rounds: 4\nrounds: 5\n"), "rounds", 5),
        (minimal("money:\n  starting_cash: 100\n  bid_unit: 1\n  starting_cash: 9\n"),
         "starting_cash", 7),
        (minimal("auctions: {open: {enabled: true}, open: {enabled: false}}\n"), "open", 4),
    ],
    ids=["top-level", "nested", "flow"],
)
def test_duplicate_keys_are_located(tmp_path: Path, text: str, key: str, line: int) -> None:
    """A key given twice is an error at the second occurrence, naming the key."""
    path = tmp_path / "dup.yaml"
    path.write_text(text, encoding="utf-8")
    problem = assert_says(problems_of(path), r"duplicate")
    assert key in problem.message
    assert problem.line == line, str(problem)
    assert_load_refuses(path)


# -- size, bytes and encodings ------------------------------------------------------------


def fastest(call: Any, tries: int = 3) -> float:
    """The best of a few timings of ``call()`` (robust to a busy machine)."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def test_ten_megabyte_file_is_refused_by_size_fast(tmp_path: Path) -> None:
    """A 10 MB file (a valid variant padded with one huge note) is refused before parsing."""
    padding = "x" * (10 * 1024 * 1024)
    text = minimal(f"notes:\n  - topic: size\n    text: {padding}\n")
    path = tmp_path / "huge.yaml"
    path.write_text(text, encoding="utf-8")
    elapsed = fastest(lambda: loader.validate_file(path))
    assert elapsed < 0.25, f"{elapsed:.2f} s: parsed before checking the size?"
    problem = assert_says(problems_of(path), r"size|large|long|big|MB|bytes|limit")
    assert problem.file == str(path)
    elapsed = fastest(lambda: loader.validate_text(text, name=str(path)))
    assert elapsed < 0.25, f"{elapsed:.2f} s: parsed before checking the size?"
    assert_says(text_problems(text, str(path)), r"size|large|long|big|MB|bytes|limit")
    assert cli(str(path)).returncode == 1


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)) * 8,
         r"binary|NUL|UTF-8|utf8|control|character|decode|text"),
        (b"\x00" * 64, r"binary|NUL|control|character|text|empty|mapping"),
        (b"\xff\xfe" + "id: x\n".encode("utf-16-le"), r"UTF-8|utf8|UTF-16|encoding|decode|binary"),
        (b"\x7fELF\x02\x01\x01" + bytes(200), r"binary|NUL|control|character|text|UTF-8"),
    ],
    ids=["png", "nul-bytes", "utf16", "elf"],
)
def test_binary_content_is_refused(tmp_path: Path, data: bytes, pattern: str) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(data)
    assert_says(problems_of(path), pattern)
    assert_load_refuses(path)
    assert cli(str(path)).returncode == 1


def test_non_utf8_is_located_at_the_bad_byte(tmp_path: Path) -> None:
    """Latin-1 text: the problem says UTF-8 and points at the line of the first bad byte."""
    text = minimal("edition: Édition française\n")
    path = tmp_path / "latin1.yaml"
    path.write_bytes(text.encode("latin-1"))
    problem = assert_says(problems_of(path), r"UTF-8|utf8|encoding|decode")
    assert problem.line == 4, str(problem)
    assert_load_refuses(path)
    assert cli(str(path)).returncode == 1


# -- directories and missing files ---------------------------------------------------------


def test_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    with time_limit(LIMIT, "validate_file"):
        problems = loader.validate_file(folder)
    assert problems
    assert_says(problems, r"directory|not a (regular )?file")
    assert_load_refuses(folder)
    result = cli(str(folder))
    assert result.returncode == 2
    assert str(folder) in result.stderr + result.stdout


def test_missing_file_is_an_io_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with time_limit(LIMIT, "validate_file"):
        problems = loader.validate_file(missing)
    assert_says(problems, r"no such|not found|does not exist|missing|cannot (open|read)")
    assert_load_refuses(missing)
    result = cli(str(missing))
    assert result.returncode == 2
    assert "nope.yaml" in result.stderr
    # One missing file among valid ones is still an I/O error.
    assert cli(str(ROOT / "variants" / "taiwan.yaml"), str(missing)).returncode == 2


def test_cli_usage_errors_exit_2() -> None:
    for args in ([], ["--format", "xml", str(ROOT / "variants" / "taiwan.yaml")]):
        result = cli(*args)
        assert result.returncode == 2, (args, result)
        assert result.stderr.strip()


# -- extends and modules -------------------------------------------------------------------


def test_extends_cycle_is_located(tmp_path: Path) -> None:
    """a extends b extends a: a "cycle" problem at the extends line, not a RecursionError."""
    (tmp_path / "a.yaml").write_text("id: a\ntitle: A\nextends: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("id: b\ntitle: B\nextends: a.yaml\n", encoding="utf-8")
    problem = assert_says(problems_of(tmp_path / "a.yaml"), r"cycle|circular|loop")
    assert problem.line == 3
    assert_load_refuses(tmp_path / "a.yaml")
    assert cli(str(tmp_path / "a.yaml")).returncode == 1


def test_self_extends_and_module_cycles_are_located(tmp_path: Path) -> None:
    (tmp_path / "self.yaml").write_text(
        "id: self\ntitle: S\nextends: self.yaml\n", encoding="utf-8"
    )
    assert_says(problems_of(tmp_path / "self.yaml"), r"cycle|circular|loop|itself")
    (tmp_path / "m.yaml").write_text(
        "id: m\nkind: module\ntitle: M\nmodules: [m.yaml]\n", encoding="utf-8"
    )
    (tmp_path / "v.yaml").write_text(minimal("modules: [m.yaml]\n"), encoding="utf-8")
    assert_says(problems_of(tmp_path / "v.yaml"), r"cycle|circular|loop|itself|modules")


@pytest.mark.parametrize("target", ["no-such-variant", "nope/missing.yaml", "Taiwan"])
def test_extends_unknown_target_is_located(tmp_path: Path, target: str) -> None:
    path = tmp_path / "unknown.yaml"
    path.write_text(f"id: unknown\ntitle: U\nextends: {target}\n", encoding="utf-8")
    problem = assert_says(
        problems_of(path), r"unknown|not found|no such|does not exist|cannot find|missing"
    )
    assert target in problem.message
    assert (problem.line, problem.json_path) == (3, "$.extends"), str(problem)
    assert_load_refuses(path)


@pytest.mark.parametrize("target", ["/etc/passwd", "../../../../../../../../etc/passwd"])
def test_extends_outside_is_refused_or_harmless(tmp_path: Path, target: str) -> None:
    """``extends`` to a system file: a located problem, nothing raised."""
    path = tmp_path / "outside.yaml"
    path.write_text(f"id: outside\ntitle: O\nextends: {target}\n", encoding="utf-8")
    problems_of(path)
    assert_load_refuses(path)


SANDBOX = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from pathlib import Path
from auctionrules import loader
answers = {}
for path in sys.argv[1:]:
    answers[path] = [str(p) for p in loader.validate_file(Path(path))]
print(json.dumps(answers))
"""


def test_device_files_are_refused_in_a_sandbox(tmp_path: Path) -> None:
    """``/dev/zero`` never ends and has size 0: a stat-based size cap alone would read forever.

    Run in a subprocess with 1 GB of address space and a time-out, so that a
    loader that does read it fails this test and not the machine.
    """
    via = tmp_path / "via-extends.yaml"
    via.write_text("id: via\ntitle: V\nextends: /dev/zero\n", encoding="utf-8")
    paths = ["/dev/zero", "/dev/urandom", str(via)]
    try:
        result = subprocess.run(
            [sys.executable, "-c", SANDBOX, *paths],
            capture_output=True, text=True, timeout=30, check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("validating /dev/zero or /dev/urandom did not end in 30 s")
    assert result.returncode == 0, result.stderr[-3000:]
    answers = json.loads(result.stdout)
    assert all(answers[p] for p in paths), answers
    result = cli("/dev/zero", timeout=30)
    assert result.returncode == 2
