"""``auctionrules simulate`` for real: output, results file, resume, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from auctionrules.cli import main
from auctionrules.lab import game_seed


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_text_summary_and_results_file(tmp_path: Path) -> None:
    out = tmp_path / "runs" / "results.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "auctionrules", "simulate", "hig-1992-en", "--players", "4",
         "--games", "12", "--seed", "2", "--out", str(out)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Win rate (95% Wilson interval; chance 25.0%)" in done.stdout
    assert "first-seat advantage" in done.stdout
    assert "Rounds end on" in done.stdout and "round 1: artist-cards" in done.stdout
    # not a terminal: plain progress lines, no bar
    assert "simulate: 12/12 games (100%)" in done.stderr
    header, *games = lines(out)
    assert json.loads(header)["settings"]["agents"] == ["random"]
    assert [json.loads(g)["index"] for g in games] == list(range(12))
    assert json.loads(games[3])["seed"] == game_seed(2, 3)


def test_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "taiwan", "-p", "3", "-g", "6", "--format", "json", "-q",
                 "--agents", "random,random:bid_chance=0.2,random", "--fixed-seats"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and data["players"] == 3
    assert data["agents"]["random:bid_chance=0.2"]["seats"] == 6
    assert data["settings"]["rotate"] is False
    low, high = data["seats"][0]["ci"]
    assert 0 <= low <= data["seats"][0]["rate"] <= high <= 1


def test_resume_continues_an_interrupted_file(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    base = ["simulate", "hig-1992-en", "-p", "3", "-s", "9", "-q", "--format", "json"]
    assert main([*base, "-g", "20", "-o", str(whole)]) == 0
    assert main([*base, "-g", "8", "-o", str(part)]) == 0
    # an interruption in the middle of writing game 8's line
    cut = lines(whole)[9][:40]
    with part.open("a", encoding="utf-8") as handle:
        handle.write(cut)
    assert main([*base, "-g", "20", "-o", str(part), "--resume"]) == 0
    assert part.read_bytes() == whole.read_bytes()


def test_resume_refuses_other_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["simulate", "hig-1992-en", "-g", "3", "-q", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["simulate", "hig-1992-en", "-g", "5", "-q", "-o", str(out), "--resume",
                 "--agents", "random:bid_chance=0.3"]) == 2
    err = capsys.readouterr().err
    assert "made with other settings (agents: file ['random'], now" in err
    assert len(lines(out)) == 4  # untouched
    assert main(["simulate", "hig-1992-en", "-g", "3", "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err
    (tmp_path / "junk.jsonl").write_text("hello\n", encoding="utf-8")
    assert main(["simulate", "hig-1992-en", "-g", "3", "-q", "--resume",
                 "-o", str(tmp_path / "junk.jsonl")]) == 2
    assert "not a results file" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nowhere-1992"], "unknown variant: 'nowhere-1992'"),
        (["hig-1992-en", "--agents", "randon"], "unknown agent 'randon' (did you mean 'random'?)"),
        (["hig-1992-en", "--agents", "random:speed=3"], "has no parameter 'speed'"),
        (["hig-1992-en", "--module", "no-such-module"], "unknown module: 'no-such-module'"),
        (["hig-1992-en", "--players", "9"], "does not support 9 players"),
        (["hig-1992-en", "--games", "0"], "'0' is not a positive whole number"),
        (["hig-1992-en", "--games", "-5"], "is not a positive whole number"),
        (["hig-1992-en", "--jobs", "0"], "'0' is not a positive whole number"),
        (["hig-1992-en", "--agents", "random,random"], "2 agents for 4 seats"),
    ],
)
def test_bad_input_is_a_clear_error(argv: list[str], message: str) -> None:
    games = [] if "--games" in argv else ["--games", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "auctionrules", "simulate", *argv, *games, "-q"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_a_failing_agent_stops_the_run_and_keeps_its_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], crashing_agent: str
) -> None:
    out = tmp_path / "r.jsonl"
    code = main(["simulate", "hig-1992-en", "-g", "10", "-s", "1", "-q", "-o", str(out),
                 "--agents", f"{crashing_agent}:chance=0.1,random,{crashing_agent}:chance=0.1,"
                 "random"])
    assert code == 1
    err = capsys.readouterr().err
    kept = len(lines(out)) - 1
    assert kept > 0
    assert f"game {kept} (seed {game_seed(1, kept)}, seat" in err
    assert "RuntimeError: the agent gave up" in err
    assert f"the {kept} games before it are kept" in err
