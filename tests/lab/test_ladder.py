"""``auctionrules ladder``: the schedule, how a game counts, the ratings and the command."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from auctionrules.agents import parse_agents
from auctionrules.lab import SimulationError
from auctionrules.lab.ladder import TIES, Ratings, ladder, places, seatings
from auctionrules.lab.ladder_tables import html_table, markdown
from auctionrules.lab.result import GameResult

pytest.importorskip("openskill")

ROOT = Path(__file__).resolve().parents[2]


def result(cash: tuple[int, ...], winners: tuple[int, ...],
           agents: tuple[str, ...] = ("a", "b", "c")) -> GameResult:
    return GameResult(index=0, seed=0, agents=agents, cash=cash, winners=winners,
                      reason="rounds-complete", rounds=4, lots=40, unsold=0, sold={},
                      prices={}, round_ends=(), values={})


@pytest.mark.parametrize(("agents", "players"), [(3, 3), (4, 3), (5, 4), (2, 4), (3, 4), (6, 2)])
def test_every_agent_sits_in_every_seat_equally_often_over_a_cycle(
    agents: int, players: int
) -> None:
    specs = parse_agents(",".join(["random", "heuristic", "ismcts", "random:bid_chance=0.1",
                                   "heuristic:push=0", "ismcts:iterations=2"][:agents]))
    board = ladder("hig-1992-en" if players > 2 else "boardpia-modern", players, 1,
                   [str(s) for s in specs])
    plan = board.plan
    seats = Counter((str(spec), seat) for i in range(board.cycle)
                    for seat, spec in enumerate(plan.seats(i)))
    assert len(set(seats.values())) == 1
    assert {name for name, _ in seats} == {str(s) for s in specs}
    if agents >= players:  # every set of players agents meets
        assert len(plan.tables) == len(list(seatings(specs, players)))
        assert all(len(set(table)) == players for table in plan.tables)


def test_winners_share_first_place_and_the_others_follow_by_money() -> None:
    assert places(result((500, 300, 300), (0,))) == [0, 1, 1]
    assert places(result((500, 500, 100), (0, 1))) == [0, 0, 2]
    # a winner by the ruleset's tie-break: the one with equal money comes second
    assert places(result((500, 500, 100), (1,))) == [1, 0, 2]
    # winner.ties: none, a tie at the top: nobody won, the tied share the first place
    assert places(result((500, 500, 100), ())) == [0, 0, 2]


def test_a_shared_win_counts_as_a_win_for_each_and_ratings_follow_places() -> None:
    ratings = Ratings(["a", "b", "c"])
    for _ in range(5):
        ratings.add(result((500, 500, 100), (0, 1)))
    board = {s.agent: s for s in ratings.standings()}
    assert board["a"].wins == board["b"].wins == 5 and board["c"].wins == 0
    assert board["a"].rating == pytest.approx(board["b"].rating)
    assert board["a"].rating > board["c"].rating
    assert board["c"].low < board["c"].rating < board["c"].high


def test_an_agent_seated_twice_takes_both_seats_updates() -> None:
    twice = Ratings(["a", "b"])
    twice.add(result((500, 400, 100), (0,), ("a", "b", "a")))
    board = {s.agent: s for s in twice.standings()}
    assert board["a"].games == 2 and board["b"].games == 1 and board["a"].wins == 1


def test_a_seeded_ladder_is_the_same_whatever_the_jobs(tmp_path: Path) -> None:
    one = ladder("hig-1992-en", 3, 12, "random,heuristic", seed=3).to_dict()
    two = ladder("hig-1992-en", 3, 12, "random,heuristic", seed=3, jobs=2).to_dict()
    assert one == two
    assert [r["agent"] for r in one["ratings"]] == ["heuristic", "random"]
    assert one["ratings"][0]["games"] == 18


def test_bad_ladders_are_refused() -> None:
    with pytest.raises(SimulationError, match="each agent once: random named twice"):
        ladder("hig-1992-en", 3, 6, "random,heuristic,random")
    with pytest.raises(SimulationError, match="at least two agents"):
        ladder("hig-1992-en", 3, 6, "random")


def test_the_tables_state_how_ties_count() -> None:
    board = ladder("hig-1992-en", 3, 3, "random,heuristic", seed=1)
    text = markdown(board)
    assert TIES in text and "| 1 | heuristic |" in text
    assert "not a whole number of 6-game cycles" in text
    page = html_table(board)
    assert page.startswith('<table class="auctionrules-ladder">') and "<td>heuristic</td>" in page


def _ladder(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "auctionrules", "ladder", *args],
                          capture_output=True, text=True, timeout=600, check=False, cwd=ROOT)


def test_the_command_prints_json_best_first_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "ladder.jsonl"
    common = ["hig-1992-en", "-p", "3", "--agents", "random,heuristic", "-s", "2", "-q",
              "--out", str(out)]
    first = _ladder(*common, "--games", "3", "--format", "json")
    assert first.returncode == 0, first.stderr
    rows = json.loads(first.stdout)["ratings"]
    assert [row["agent"] for row in rows] == ["heuristic", "random"]
    assert {"agent", "rating", "low", "high", "games"} <= set(rows[0])
    assert rows[0]["rating"] >= rows[1]["rating"]
    resumed = _ladder(*common, "--games", "6", "--resume", "--format", "json")
    fresh = _ladder(*common[:-2], "--games", "6", "--format", "json")
    assert resumed.returncode == fresh.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout) == json.loads(fresh.stdout)
    assert len(out.read_text(encoding="utf-8").splitlines()) == 7  # header, 6 games


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere-1992"], "unknown variant: 'nowhere-1992'"),
        (["hig-1992-en", "--agents", "randon,heuristic"], "did you mean 'random'?"),
        (["hig-1992-en", "--agents", "random"], "at least two agents"),
        (["hig-1992-en", "--players", "9"], "does not support 9 players"),
        (["hig-1992-en", "--resume"], "--resume needs --out FILE"),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    done = _ladder(*args, "--games", "2", "-q")
    assert done.returncode == 2, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


def test_the_published_ladders_cover_every_edition_with_the_command_that_made_them() -> None:
    """``docs/ladder.rst``: each table under the command that printed it (the caption
    names the settings the command gives; the rows, its agents)."""
    from auctionrules import resources

    page = (ROOT / "docs" / "ladder.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"   (auctionrules ladder .+)\n\n\.\. raw:: html\n   :file: (.+)\n", page)
    shown = set()
    for command, table in blocks:
        args = shlex.split(command)
        options = dict(zip(args[3::2], args[4::2], strict=False))
        html = (ROOT / "docs" / table).read_text(encoding="utf-8")
        caption = f"<caption>{args[2]}, {options['--players']} players, {options['--games']} games"
        assert caption + ", seed " + options["--seed"] + "," in html, table
        agents = [str(spec) for spec in parse_agents(options["--agents"])]
        assert sorted(re.findall(r"<tr><td>\d+</td><td>([^<]+)</td>", html)) == sorted(agents)
        assert options["--format"] == "html"
        shown.add(args[2])
    assert set(resources.bundled_variant_ids()) <= shown


def test_an_out_file_with_results_is_not_replaced_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "ladder.jsonl"
    out.write_text("kept\n", encoding="utf-8")
    args = ["hig-1992-en", "-p", "3", "--agents", "random,heuristic", "--games", "3", "-q",
            "--out", str(out)]
    refused = _ladder(*args)
    assert refused.returncode == 2 and "--resume to continue it or --force" in refused.stderr
    assert out.read_text(encoding="utf-8") == "kept\n"
    forced = _ladder(*args, "--force")
    assert forced.returncode == 0, forced.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4
