"""The play, replay and bench subcommands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auctionrules.bench import between
from auctionrules.cli import main


def test_play_prints_log_and_result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "hig-1992-fr", "--players", "3", "--seed", "4",
                 "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Manche 1\u00a0: cartes distribuées" in out  # the ruleset's language, as for docs
    assert "$" in out and "." in out  # the French theme's money format, $91.000
    assert "Résultat (" in out and "vainqueur" in out
    text = record.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["players"] == ["Player 1", "Player 2", "Player 3"]  # (seats 0, 1, 2)
    # same seed, same bytes
    again = tmp_path / "again.json"
    assert main(["play", "hig-1992-fr", "-p", "3", "-s", "4", "-q", "--record", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == text


def test_replay_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "taiwan", "-p", "4", "-s", "2", "-q", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "-q"]) == 0
    assert "Result (" in capsys.readouterr().out
    assert main(["replay", str(record), "--format", "json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["over"] is True and len(state["cash"]) == 4
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"][3][1] = "bid 999999"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "action 3" in err and "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "junk.json").write_text("{", encoding="utf-8")
    assert main(["replay", str(tmp_path / "junk.json")]) == 2


@pytest.mark.parametrize("names", [
    ["Player 1", "Player 2", "Player 3"],  # (as play --record writes them)
    ["Player 0", "Player 1", "Player 2"],  # (as it wrote them before seats were said from 1)
    ["player 0", "player 1", "player 2"],  # (Game.record's own)
])
def test_replay_says_the_default_names_from_player_1_in_the_log_language(
    names: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "hig-1992-en", "-p", "3", "-s", "2", "-q", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["players"] = names
    record.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Player 1 auctions" in out and "Player 3" in out and "Player 0" not in out
    assert main(["replay", str(record), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Joueur 1 met en vente" in out and "Player" not in out


def test_replay_keeps_the_names_a_record_gives(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "hig-1992-en", "-p", "3", "-s", "2", "-q", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["players"] = ["Ann", "Bob", "Cy"]
    record.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
    assert "Ann auctions" in capsys.readouterr().out


def test_play_errors_without_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "taiwan", "--players", "9"]) == 2
    assert "does not support 9 players" in capsys.readouterr().err
    assert main(["play", "no-such-variant"]) == 2


def test_play_reports_an_invalid_file_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("id: club\ntitle: Club\nextends: hig-1992-en\nrounds: many\n",
                    encoding="utf-8")
    assert main(["play", str(path), "--players", "4"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:4:9: " in err and "(at $.rounds)" in err
    assert "Traceback" not in err


def test_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "3", "--players", "4", "--repeats", "1",
                 "--table", "heuristic", "--table-games", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["players", "loop"]
    loops = ["agent loop, view kept", "agent loop, one line", "playout", "mixed",
             "clone + rollout", "heuristic table"]
    for line, loop in zip(lines[1:7], loops, strict=True):
        assert line.split()[0] == "4" and loop in line
        # the engine's rate: a positive number
        assert float(line.split(loop)[1].split()[0]) > 0
    assert "memory: mid-game state" in lines[7] and "clone" in lines[7]
    # the mixed game placed between the playout and the same agents in the agent loop
    # (a number, then words)
    where = lines[4].split("(")[1]
    assert where.endswith("of the way from the playout to the same agents in the agent loop)")
    float(where.split()[0])
    # the table's decisions a game
    assert lines[6].endswith(" decisions a game)")
    assert float(lines[6].split("(")[-1].split()[0]) > 10


def test_the_mixed_game_is_placed_by_its_time_a_game() -> None:
    """0 at the playout's time a game, 1 at the agent loop's (the same agents), linear
    between."""
    assert between(mixed=100.0, playout=100.0, agent_loop=25.0) == 0.0
    assert between(mixed=25.0, playout=100.0, agent_loop=25.0) == 1.0
    # 10 ms a game between 5 and 20: a third of the way
    assert between(mixed=100.0, playout=200.0, agent_loop=50.0) == pytest.approx(1 / 3)


def test_play_applies_modules_and_the_record_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "mystery.json"
    assert main(["play", "hig-1992-en", "-p", "3", "-s", "5", "--module", "mystery-hand",
                 "--record", str(record)]) == 0
    assert "turns over a dummy card" in capsys.readouterr().out
    assert json.loads(record.read_text(encoding="utf-8"))["ruleset"]["id"] == (
        "hig-1992-en-with-mystery-hand"
    )
    assert main(["replay", str(record)]) == 0


def test_an_unknown_module_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "hig-1992-en", "-m", "mistery-hand"]) == 2
    err = capsys.readouterr().err
    assert "unknown module: 'mistery-hand' (did you mean 'mystery-hand'?)" in err
    assert "Traceback" not in err


def test_an_unknown_variant_gets_a_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "hig-1992-fx"]) == 2
    assert "unknown variant: 'hig-1992-fx' (did you mean" in capsys.readouterr().err


def test_docs_apply_modules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "hig-1992-en", "-m", "mystery-hand"]) == 0
    with_dummy = capsys.readouterr().out
    assert main(["docs", "hig-1992-en"]) == 0
    three = "| 3 players | 10 | 6 | 6 | 0 |"  # the deal without the mystery hand
    assert three in capsys.readouterr().out
    assert three not in with_dummy


def test_bench_marks_player_counts_the_yardstick_cannot_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The yardstick knows 3 to 5 players; the 2-player variant is timed alone."""
    args = ["bench", "--variant", "boardpia-modern", "--players", "2", "--games", "2",
            "--repeats", "1", "--table", "none"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    for line in out.splitlines()[1:6]:
        # (the mixed game is still placed between the engine's own loops)
        assert line.split()[0] == "2" and line.split("  (")[0].split()[-2:] == ["-", "-"]
    assert "of the way from the playout to the same agents in the agent loop" in out.splitlines()[4]
    assert not any(line.split()[1:3] == ["heuristic", "table"] for line in out.splitlines()[1:])
    assert "Traceback" not in err


def test_bench_refuses_a_missing_yardstick(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "1", "--refsim", "no/such/refsim.py"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_benchmark_script_is_the_bench_command() -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "1", "--players", "4", "--repeats", "1"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].split()[0] == "4"
    refused = subprocess.run(
        [sys.executable, str(script), "--repeats", "0"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert refused.returncode == 2 and "positive" in refused.stderr


def test_the_comparison_script_runs_two_trees_in_one_process() -> None:
    """``benchmarks/compare.py`` (how the figures of a change are measured), here the
    checkout against itself: both engines play and the yardstick is timed."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    src = str(root / "src")
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "compare.py"), src, src,
         "--rounds", "1", "--games", "2"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    old, new, summary = done.stdout.splitlines()
    assert old.startswith("old ") and new.startswith("new ") and "yardstick" in summary
