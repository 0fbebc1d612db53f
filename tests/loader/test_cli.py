"""``auctionrules validate``, ``variants`` and ``show``: output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from auctionrules import resources
from auctionrules.cli import main

HIG = str(resources.variants_dir() / "hig-1992-en.yaml")
BAD = Path(__file__).parent / "invalid" / "schema-enum-typo.yaml"


def test_validate_valid_files_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", HIG, str(resources.variants_dir() / "taiwan.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"{HIG}: valid", f"{resources.variants_dir()}/taiwan.yaml: valid"]


def test_validate_invalid_file_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", HIG, str(BAD)]) == 1
    out = capsys.readouterr().out
    assert f"{BAD}:6:22: 'frist' is not one of 'last', 'first'" in out


@pytest.mark.parametrize("target", ["missing.yaml", ".", "/dev/null"])
def test_validate_io_error_exit_2(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", HIG, target]) == 2
    out, err = capsys.readouterr()
    assert f"{HIG}: valid" in out  # the readable files are still checked
    assert err.startswith(f"auctionrules validate: {target}: cannot read: ")


def test_validate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--format", "json", HIG, str(BAD)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False
    good, bad = report["files"]
    assert good == {"file": HIG, "valid": True, "problems": []}
    (problem,) = bad["problems"]
    assert (problem["line"], problem["column"]) == (6, 22)
    assert problem["json_path"] == "$.auctions.once_around.auctioneer_turn"


def test_validate_usage_error_exits_2() -> None:
    with pytest.raises(SystemExit) as caught:
        main(["validate"])
    assert caught.value.code == 2


def test_variants_lists_ids_titles_players_and_modules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "hig-1992-en" in out and "3-5 players" in out
    assert "boardpia-modern" in out and "2-5 players" in out
    assert "single-beneficiary     Double auction, single beneficiary" in out
    assert main(["variants", "--format", "json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert {v["id"] for v in listing["variants"]} == set(resources.bundled_variant_ids())
    assert {m["id"] for m in listing["modules"]} == set(resources.bundled_module_ids())


def test_show_prints_the_resolved_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "hig-1992-fr"]) == 0
    document = yaml.safe_load(capsys.readouterr().out)
    assert document["id"] == "hig-1992-fr"
    assert document["auctions"]["double"]["payee"] == "split-equally"
    assert document["money"]["bid_unit"] == 1000  # inherited
    assert document["winner"] == {"ties": "shared", "tie_break": "none"}  # defaults filled in
    assert main(["show", HIG, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "hig-1992-en"


def test_show_invalid_exits_1_unknown_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(BAD)]) == 1
    assert "'frist' is not one of" in capsys.readouterr().out
    assert main(["show", "hig-1992"]) == 2
    assert "unknown variant 'hig-1992'" in capsys.readouterr().err


def test_validate_cold_start_is_quick(repo_root: Path) -> None:
    """A cold ``validate`` is meant to answer within 0.4 s (0.2 s measured); this catches
    an eager import of heavy modules, with room for a loaded CI machine."""
    command = [sys.executable, "-m", "auctionrules", "validate", "variants/hig-1992-en.yaml"]
    best = min(_timed(command, repo_root) for _ in range(3))
    assert best < 1.5, f"{best:.2f} s"


def _timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    return elapsed


def test_validate_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    text = BAD.read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["validate", "-"]) == 1
    assert "<stdin>:6:22: 'frist' is not one of 'last', 'first'" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("id: mine\ntitle: Mine\nextends: taiwan\n"))
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr().out == "<stdin>: valid\n"


def test_validate_github_annotations(capsys: pytest.CaptureFixture[str]) -> None:
    """GitHub's workflow command: the properties escape ``:`` and ``,``, the message ``%``."""
    assert main(["validate", "--format", "github", HIG, str(BAD)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"::error file={BAD},line=6,col=22::'frist' is not one of 'last', 'first' "
        "(did you mean 'first'?) (at $.auctions.once_around.auctioneer_turn)"
    ]
    from auctionrules.cli.validate import github_annotation
    from auctionrules.loader import Problem

    odd = Problem("a,b:c.yaml", 2, 3, "50% of\nit", "$.x", "warning")
    assert github_annotation(odd) == (
        "::warning file=a%2Cb%3Ac.yaml,line=2,col=3::50%25 of%0Ait (at $.x)"
    )


INVALID_RULESET = "id: bad\ntitle: Bad\nextends: hig-1992-en\nrounds: many\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "{f}"],
        ["show", "{f}"],
        ["play", "{f}", "--players", "3", "--seed", "1"],
        ["docs", "{f}"],
        ["diff", "hig-1992-en", "{f}"],
        ["diff", "{f}", "hig-1992-en"],
        ["simulate", "{f}", "-g", "1", "-q"],
        ["compare", "hig-1992-en", "{f}", "-g", "1", "-q"],
        ["bench", "--variant", "{f}", "--games", "1"],
    ],
    ids=lambda argv: argv[0],
)
def test_an_invalid_ruleset_exits_1_from_every_command(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One code for "the ruleset is invalid", whatever read it (docs/cli.rst's table)."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(INVALID_RULESET, encoding="utf-8")
    assert main([a.replace("{f}", str(bad)) for a in argv]) == 1
    captured = capsys.readouterr()
    assert f"{bad}:4:9: expected an integer" in captured.out + captured.err


def test_pre_commit_hook_checks_the_rulesets_it_selects(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The hook of ``.pre-commit-hooks.yaml`` as pre-commit runs it: its entry with the
    staged files its patterns select (here, every file of the repository's variants)."""
    import re

    root = Path(__file__).resolve().parents[2]
    (hook,) = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    program, *argv = hook["entry"].split()
    assert program == "auctionrules" and hook["language"] == "python"
    staged = [*root.glob("variants/**/*.yaml"), root / ".pre-commit-hooks.yaml",
              root / ".github" / "workflows" / "ci.yml"]
    names = [str(p.relative_to(root)) for p in staged]
    selected = [n for n in names
                if re.search(hook["files"], n) and not re.search(hook["exclude"], n)]
    assert selected == names[:-2] and len(selected) >= 6
    assert main([*argv, *(str(root / n) for n in selected)]) == 0
    assert main([*argv, str(BAD)]) == 1  # a commit with an invalid ruleset stops
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["validate", "--strcit"], "unknown option --strcit (did you mean --strict?)"),
        (["validate", "--bogus", HIG], "unknown option --bogus"),
        (
            ["docs", "--fromat=html", "hig-1992-en"],
            "unknown option --fromat (did you mean --format?)",
        ),
    ],
)
def test_an_unknown_option_is_named_before_a_missing_argument(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith(f"error: {said}"), err
    assert "required" not in err


def test_known_abbreviations_values_and_stdin_are_not_unknown_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "--form", "json", "--", HIG]) == 0
    assert main(["play", "hig-1992-en", "-p3", "--seed", "-3"]) == 0
    capsys.readouterr()
