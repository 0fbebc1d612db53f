"""simulate(): seeds, seats, determinism whatever the parallelism, results from public events."""

from __future__ import annotations

import concurrent.futures
import io
import json
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from auctionrules.agents import register_agent, unregister_agent
from auctionrules.engine import RandomAgent, play_game
from auctionrules.lab import (
    GameResult,
    Plan,
    RunFailedError,
    Simulation,
    SimulationError,
    game_seed,
    simulate,
)
from auctionrules.lab.backends import in_order
from auctionrules.lab.playing import play_shard
from auctionrules.lab.progress import Progress
from auctionrules.lab.runner import shard_size
from auctionrules.lab.seeds import timed_shards
from auctionrules.loader import load_ruleset

T = TypeVar("T")


def test_game_seed_depends_on_master_and_index_only() -> None:
    seeds = [game_seed(7, i) for i in range(1000)]
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert not set(seeds) & {game_seed(8, i) for i in range(1000)}
    assert all(0 <= s < 2**48 for s in seeds)


def test_rotation_moves_every_agent_round_the_table() -> None:
    plan = Plan.make("hig-1992-en", 3, "random,random:bid_chance=0.2,random:bid_chance=0.9")
    first = [str(s) for s in plan.seats(0)]
    assert first == ["random", "random:bid_chance=0.2", "random:bid_chance=0.9"]
    assert [str(s) for s in plan.seats(1)] == [first[2], first[0], first[1]]
    assert [str(s) for s in plan.seats(3)] == first
    seats_of_first = {[str(s) for s in plan.seats(i)].index(first[0]) for i in range(3)}
    assert seats_of_first == {0, 1, 2}
    fixed = Plan.make("hig-1992-en", 3, first, rotate=False)
    assert all([str(s) for s in fixed.seats(i)] == first for i in range(5))


def test_random_games_are_the_engines_own_seeded_games() -> None:
    results = list(simulate("hig-1992-en", 4, 5, seed=3))
    ruleset = load_ruleset("hig-1992-en")
    for result in results:
        assert result.seed == game_seed(3, result.index)
        game = play_game(ruleset, 4, seed=result.seed)
        assert game.outcome is not None
        assert result.cash == game.outcome.cash
        assert result.winners == game.outcome.winners
        prices = sorted(e["price"] for e in game.events if e.kind == "sold")
        assert sorted(p for ps in result.prices.values() for p in ps) == prices
        board_totals = [sum(column) for column in zip(*game.outcome.board, strict=True)]
        assert [v[-1] for v in result.values.values()] == board_totals


def test_results_do_not_depend_on_jobs_or_finishing_order() -> None:
    serial = [r.to_dict() for r in simulate("hig-1992-fr", 3, 24, seed=5)]
    parallel = [r.to_dict() for r in simulate("hig-1992-fr", 3, 24, seed=5, jobs=2)]
    assert parallel == serial
    # shards finishing in any order still come back in index order
    backend = OutOfOrderThreads()
    shuffled = Simulation(Plan.make("hig-1992-fr", 3, seed=5), 24, backend)
    assert [r.to_dict() for r in shuffled] == serial
    assert backend.finished != sorted(backend.finished)


class OutOfOrderThreads:
    """Shards on threads, every other one slowed down so that they finish out of order,
    handed back through :func:`in_order` as the process pool does."""

    workers = 4

    def __init__(self) -> None:
        self.finished: list[int] = []

    def map(self, work: Callable[[range], T], shards: Iterable[range]) -> Iterator[T]:
        def slow(shard: range) -> T:
            time.sleep(0.05 if shard.start % 2 == 0 else 0)
            answer = work(shard)
            self.finished.append(shard.start)
            return answer

        with concurrent.futures.ThreadPoolExecutor(self.workers) as pool:
            yield from in_order(pool.submit, slow, shards, 2 * self.workers)


def test_shards_are_a_few_per_worker() -> None:
    assert shard_size(10_000, 1) == 250
    assert shard_size(10_000, 2) == 250
    assert shard_size(100, 2) == 6
    assert shard_size(3, 8) == 1


def test_result_lines_round_trip() -> None:
    result = next(iter(simulate("hig-1992-en", 3, 1, modules=["mystery-hand"])))
    line = json.dumps(result.to_dict())
    assert GameResult.from_dict(json.loads(line)) == result
    assert result.lots >= sum(result.sold.values())
    assert set(result.round_ends) <= {"artist-cards", "hands-exhausted", "no-playable-card"}
    assert result.margin == sorted(result.cash)[-1] - sorted(result.cash)[-2]


def test_agents_get_views_through_the_view_loop(view_agent: str) -> None:
    from tests.lab.conftest import ViewOnlyAgent

    ViewOnlyAgent.seen.clear()
    mixed = list(simulate("hig-1992-en", 4, 4, agents=[view_agent, "random"] * 2, seed=2))
    assert ViewOnlyAgent.seen == {"View"}
    assert {tuple(r.agents) for r in mixed} == {
        ("lab-view", "random", "lab-view", "random"),
        ("random", "lab-view", "random", "lab-view"),
    }


def test_summary_counts_every_seat() -> None:
    run = simulate("taiwan", 5, 30, seed=1)
    results = list(run)
    summary = run.summary()
    data = summary.to_dict()
    assert data["games"] == 30
    assert sum(s["wins"] for s in data["seats"]) == sum(len(r.winners) for r in results)
    assert data["ties"] == sum(len(r.winners) != 1 for r in results)
    assert data["agents"]["random"]["seats"] == 150
    margins = summary.agent_margin["random"]
    assert sum(margins.values()) == 150
    assert max(margins) == max(r.margin for r in results)
    sole = sum(sorted(r.cash)[-1] > sorted(r.cash)[-2] for r in results)
    assert sum(count for margin, count in margins.items() if margin > 0) == sole
    assert sum(row["share"] for row in data["auctions"].values()) == pytest.approx(1)
    assert run.summary() is summary  # a second call plays nothing more
    with pytest.raises(SimulationError, match="runs once"):
        iter(run)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(SimulationError, match="does not support 7 players"):
        simulate("hig-1992-en", 7, 10)
    with pytest.raises(SimulationError, match="at least 1"):
        simulate("hig-1992-en", 4, 0)
    with pytest.raises(ValueError, match=r"unknown agent 'randm'.*did you mean 'random'"):
        simulate("hig-1992-en", 4, 10, agents="randm")
    with pytest.raises(ValueError, match="5 agents for 4 seats"):
        simulate("hig-1992-en", 4, 10, agents="random,random,random,random,random")


def test_a_failing_agent_stops_the_run_with_its_game(crashing_agent: str) -> None:
    run = simulate("hig-1992-en", 4, 10, agents=[crashing_agent + ":chance=0.1", "random"] * 2,
                   seed=1)
    played: list[GameResult] = []
    with pytest.raises(RunFailedError) as caught:
        played.extend(run)
    message = str(caught.value)
    index = len(played)
    assert index > 0
    assert f"game {index} (seed {game_seed(1, index)}, Player " in message
    assert "RuntimeError: the agent gave up" in message
    # the shard keeps the games before the failure
    shard = play_shard(run.plan, range(index + 1))
    assert len(shard.results) == index and shard.failure == message


def test_the_lab_imports_no_extra_until_used() -> None:
    import subprocess
    import sys

    code = (
        "import sys, auctionrules.lab, auctionrules.cli.simulate, auctionrules.cli.compare; "
        "print(sorted(sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    for extra in ("matplotlib", "dask", "distributed", "rich"):
        assert f"'{extra}'" not in loaded


def test_shards_in_this_process_start_at_one_game_and_grow_to_their_time() -> None:
    """In this process a shard is what progress waits for and what Ctrl-C could lose:
    the first is one game, the next sized to take about the time asked, never more
    than four times the last, whether games are fast or slow."""
    def clock(per_game: float) -> tuple[Callable[[], float], Callable[[int], None]]:
        """A clock that moves only as games are played, ``per_game`` seconds each."""
        now = [0.0]

        def play(games: int) -> None:
            now[0] += games * per_game

        return (lambda: now[0]), play

    sizes = {}
    for per_game in (0.0, 0.001, 0.1, 1.0):
        read, play = clock(per_game)
        sizes[per_game] = []
        for shard in timed_shards(0, 400, seconds=0.25, clock=read):
            sizes[per_game].append(len(shard))
            play(len(shard))
    assert sizes[0.0] == [1, 4, 16, 64, 250, 65]  # (no time at all: four times as many)
    assert sizes[0.001] == [1, 4, 16, 64, 250, 65]  # (a shard grows to 250 at most)
    assert sizes[0.1][:4] == [1, 2, 2, 2] and sum(sizes[0.1]) == 400  # (a quarter second)
    assert sizes[1.0] == [1] * 400  # (a game slower than the time asked: one a shard)


def test_an_interrupted_run_in_this_process_keeps_every_game_it_finished(
    tmp_path: Path,
) -> None:
    """Ctrl-C in the middle of game 3 (here: an agent made for it): games 0 to 2 are
    in the results file, and the interrupt goes on up to the caller."""
    made = []

    def agent(seed: object = None) -> RandomAgent:
        made.append(seed)
        if len(made) == 14:  # (game 3's first seat: the plan makes one to check it, then 4 a game)
            raise KeyboardInterrupt
        return RandomAgent(seed)

    register_agent("interrupting", agent, "stops the run at game 3")
    try:
        out = tmp_path / "r.jsonl"
        run = Simulation(Plan.make("hig-1992-en", 4, "interrupting"), 50, out=out)
        played = []
        with pytest.raises(KeyboardInterrupt):
            for result in run:
                played.append(result.index)
        assert played == [0, 1, 2]
        assert [json.loads(line).get("index") for line in out.read_text().splitlines()[1:]] \
            == [0, 1, 2]
    finally:
        unregister_agent("interrupting")


def test_progress_in_this_process_comes_after_the_first_game() -> None:
    calls: list[tuple[int, int]] = []
    Simulation(Plan.make("hig-1992-en", 4, "random"), 5,
               progress=lambda done, total: calls.append((done, total))).summary()
    assert calls[:2] == [(0, 5), (1, 5)] and calls[-1] == (5, 5)


def test_progress_lines_give_a_speed_only_for_games_played_here() -> None:
    """A run read back whole from its file played nothing: no "0 games/s"."""
    stream = io.StringIO()
    progress = Progress("simulate", stream, every=0.0)
    progress(24, 24)
    assert stream.getvalue() == "simulate: 24/24 games (100%)\n"
    stream = io.StringIO()
    progress = Progress("simulate", stream, every=0.0)
    progress(0, 10)
    time.sleep(0.01)
    progress(10, 10)
    first, last = stream.getvalue().splitlines()
    assert first == "simulate: 0/10 games (0%)"
    assert last.startswith("simulate: 10/10 games (100%), ") and last.endswith(" games/s")
