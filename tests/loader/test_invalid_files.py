"""Every file under ``invalid/`` gives exactly the problems in its ``.expected`` sidecar.

Each fixture is one mistake a variant author makes (a typo in an enum, an
unknown key, a split that does not add up, an ``extends`` cycle...). The
sidecar holds the exact lines ``auctionrules validate`` prints, with line and
column, so a change of wording or of location is a visible diff. The fixtures
are validated from inside ``invalid/`` so that problems name them relatively.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from auctionrules.cli import main
from auctionrules.loader import RulesetError, load_ruleset, resolve, validate_file

INVALID = Path(__file__).parent / "invalid"
FIXTURES = sorted(INVALID.glob("*.yaml"))


def expected(fixture: Path) -> list[str]:
    return fixture.with_suffix(".expected").read_text(encoding="utf-8").splitlines()


def test_there_are_at_least_forty_fixtures_each_with_its_expectation() -> None:
    assert len(FIXTURES) >= 40
    sidecars = {p.stem for p in INVALID.glob("*.expected")}
    assert sidecars == {p.stem for p in FIXTURES}


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_problems_are_exactly_the_expected_ones(
    fixture: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(INVALID)
    problems = validate_file(fixture.name)
    assert [str(p) for p in problems] == expected(fixture)
    assert problems == sorted(problems)


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_the_pure_python_parser_finds_the_same_problems(
    fixture: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without libyaml the loader falls back on PyYAML's parser: the same problems, in the
    same places and the same words (:mod:`auctionrules.loader.yaml_words` says each
    mistake once, whichever parser found it)."""
    monkeypatch.chdir(INVALID)
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    monkeypatch.setattr(resolve, "_FILE_CACHE", {})
    problems = validate_file(fixture.name)
    assert [str(p) for p in problems] == expected(fixture)


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_loading_raises_with_the_same_problems(
    fixture: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(INVALID)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(Path(fixture.name))
    lines = str(caught.value).splitlines()
    assert lines == expected(fixture)


def test_the_cli_prints_the_same_lines_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(INVALID)
    names = [p.name for p in FIXTURES]
    assert main(["validate", *names]) == 1
    out, err = capsys.readouterr()
    assert err == ""
    wanted = [line for fixture in FIXTURES for line in expected(fixture)]
    assert out.splitlines() == wanted
