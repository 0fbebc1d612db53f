"""``auctionrules simulate`` for real: output, results file, resume, bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
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
    assert done.stdout.startswith("In short\n  - 12 games cannot tell whether the seats")
    assert "first player's advantage" in done.stdout and "Player 4 " in done.stdout
    assert "seat 0" not in done.stdout
    assert "How games end:" in done.stdout
    assert "  round 1      9  100.0%     100.0%" in done.stdout
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
    assert data["seats"][0]["seat"] == 0  # JSON numbers seats from 0
    assert data["findings"][0].startswith("Each player keeps its agent")
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
    # the same ruleset by another path is the same; another ruleset is not
    ruleset = tmp_path / "mine.yaml"
    ruleset.write_text("id: mine\ntitle: Mine\nextends: hig-1992-en\n", encoding="utf-8")
    mine = ["simulate", "-g", "2", "-q", "-o", str(out)]
    assert main([*mine, str(ruleset)]) == 2  # the file of the first run is kept
    assert "r.jsonl exists; use --resume to continue it or --force to replace it" in (
        capsys.readouterr().err
    )
    assert len(lines(out)) == 4
    assert main([*mine, "--force", str(ruleset)]) == 0
    assert main([*mine, "-g", "3", "--resume", str(tmp_path / ".." / tmp_path.name / "mine.yaml")
                 ]) == 0
    capsys.readouterr()
    ruleset.write_text("id: mine\ntitle: Mine\nextends: taiwan\n", encoding="utf-8")
    assert main([*mine, "-g", "4", "--resume", str(ruleset)]) == 2
    assert "made with other settings (digest: file 'sha256:" in capsys.readouterr().err
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
        (["hig-1992-en", "--agents", "random,random,random,random,random"],
         "5 agents for 4 seats"),
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


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_failing_agent_stops_the_run_and_keeps_its_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], crashing_agent: str, jobs: str
) -> None:
    out = tmp_path / "r.jsonl"
    code = main(["simulate", "hig-1992-en", "-g", "10", "-s", "1", "-q", "-o", str(out), "-j", jobs,
                 "--agents", f"{crashing_agent}:chance=0.1,random,{crashing_agent}:chance=0.1,"
                 "random"])
    assert code == 1
    err = capsys.readouterr().err
    kept = len(lines(out)) - 1
    assert kept > 0
    assert f"game {kept} (seed {game_seed(1, kept)}, Player" in err
    assert "RuntimeError: the agent gave up" in err
    assert f"the {kept} games before it are kept" in err


def test_resume_with_fewer_games_reads_and_keeps_the_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    base = ["simulate", "taiwan", "-p", "3", "-q", "-o", str(out)]
    assert main([*base, "-g", "6"]) == 0
    before = out.read_bytes()
    assert main([*base, "-g", "4", "--resume", "--format", "json"]) == 0
    assert out.read_bytes() == before


def test_an_interrupted_run_keeps_its_games_and_resumes(tmp_path: Path) -> None:
    out, whole = tmp_path / "r.jsonl", tmp_path / "whole.jsonl"
    argv = [sys.executable, "-m", "auctionrules", "simulate", "hig-1992-en", "-p", "4",
            "-s", "5", "-q", "--format", "json"]
    # (a shell without job control starts its background jobs with Ctrl-C ignored, and
    # what is ignored stays ignored in a child: where this process was started so, it
    # handles Ctrl-C while the run starts, so that the run starts with it at its default)
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen([*argv, "-g", "100000", "-o", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or len(lines(out)) < 30):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    kept = len(lines(out)) - 1
    assert 30 <= kept < 100000
    resumed = subprocess.run([*argv, "-g", str(kept + 20), "-o", str(out), "--resume"],
                             capture_output=True, text=True, check=False)
    assert resumed.returncode == 0, resumed.stderr
    fresh = subprocess.run([*argv, "-g", str(kept + 20), "-o", str(whole)],
                           capture_output=True, text=True, check=False)
    assert fresh.returncode == 0
    assert out.read_bytes() == whole.read_bytes()
    assert json.loads(resumed.stdout) == json.loads(fresh.stdout)


def test_progress_bar_on_a_terminal() -> None:
    pytest.importorskip("rich", reason="the terminal extra is not installed")
    import pty

    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "auctionrules", "simulate", "hig-1992-en", "-g", "300"],
        stdout=subprocess.PIPE, stderr=follower, text=True, check=False,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm"},
    )
    os.close(follower)
    screen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        screen += chunk
    os.close(leader)
    assert done.returncode == 0
    text = screen.decode("utf-8", "replace")
    assert "games/s" in text and "simulate" in text
    assert "\x1b[" in text  # drawn and redrawn by rich, not printed as lines
    assert "simulate: 300/300 games (100%)" not in text


def test_unwritable_results_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "hig-1992-en", "-g", "2", "-q", "-o", str(tmp_path)]) == 2
    assert f"cannot write {tmp_path}" in capsys.readouterr().err


def test_resume_on_a_finished_file_plays_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], view_agent: str
) -> None:
    from tests.lab.conftest import ViewOnlyAgent

    out = tmp_path / "r.jsonl"
    argv = ["simulate", "hig-1992-en", "-g", "5", "-q", "--agents", view_agent, "-o", str(out),
            "--format", "json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    ViewOnlyAgent.seen.clear()
    assert main([*argv, "--resume"]) == 0
    assert ViewOnlyAgent.seen == set()
    assert json.loads(capsys.readouterr().out) == first


@pytest.mark.parametrize("command", ["simulate", "ladder", "compare"])
@pytest.mark.parametrize("agent", ["ismcts:iterations=0", "ismcts:rollout=greedy",
                                   "ismcts:seconds=inf"])
def test_an_agent_parameter_only_the_agent_checks_is_refused_before_the_run(
    command: str, agent: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A usage error (exit 2, one line naming it) before anything is played or
    written, as ``play`` says it, not a failed first game (exit 1) after the results
    file was begun."""
    out = tmp_path / "out.json"
    variants = ["hig-1992-en", "hig-1992-fr"] if command == "compare" else ["hig-1992-en"]
    args = [command, *variants, "-p", "3", "-g", "2", "-q", "-o", str(out), "--agents",
            f"{agent},random,random" if command == "simulate" else f"{agent},random"]
    assert main(args) == 2
    assert not out.exists()
    assert "ismcts:" in capsys.readouterr().err
