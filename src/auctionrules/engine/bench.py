"""Benchmark: the loops users run, side by side with the yardstick.

The yardstick is ``refsim.py`` (a hard-coded plain-Python Modern Art random
player, kept outside the repository); the caller (``auctionrules bench``) finds
it and passes its path in, with the ruleset to time. It is loaded with
:func:`runpy.run_path` and timed in the same process run, so a ratio compares
like with like. Rates are per second of this process's CPU time
(``time.process_time``), which other jobs on a busy machine distort less than
wall-clock time. Each loop, by name, with seeded :class:`RandomAgent` s and
invariant checking off:

* ``agent loop (README)``: the loop of the README's tour, ``seat =
  game.to_act()[0]; game.apply(agent.act(game.view(seat), game.legal(seat)), seat)``,
  against the yardstick's decisions/s;
* ``playout``: :func:`~auctionrules.engine.play_game` (:meth:`Game.playout`), against
  its games/s;
* ``mixed``: the playout with one seat that reads its view at every decision (a
  random agent that is not a choice agent), three random seats; against the
  yardstick's games/s, and placed by its time a game (:func:`between`) between
  the playout (0) and the same four agents in the agent loop (1): the slow loop
  such a game fell back to before the playout took any agent, which pays the
  reading seat's reading too;
* ``clone + rollout``: :meth:`Game.clone` of a mid-game state and a random playout
  to the end (a Monte Carlo rollout), against the yardstick's time for as many
  decisions (a cost ratio: below 1 is faster);
* memory: of a mid-game state (a full copy) and of a clone (what it does not share).
"""

from __future__ import annotations

import copy
import gc
import random
import runpy
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from auctionrules.engine.actions import Action
from auctionrules.engine.agents import RandomAgent, default_agents
from auctionrules.engine.game import Game
from auctionrules.engine.legal import Legal
from auctionrules.engine.play import play_game
from auctionrules.engine.rules import Rules, compile_rules
from auctionrules.engine.views import View
from auctionrules.model import Ruleset

#: The loops, in report order.
LOOPS = ("agent loop (README)", "playout", "mixed", "clone + rollout")


class ReadingAgent:
    """A random agent that reads its view at every decision (its hand, the cash it
    sees, the lot): not a choice agent, so a playout hands it view and legal moves."""

    __slots__ = ("inner", "seen")

    def __init__(self, seed: int | str) -> None:
        self.inner = RandomAgent(seed)
        self.seen = 0

    def act(self, view: View, legal: Legal) -> Action:
        """Read the view, then choose as :class:`RandomAgent`."""
        self.seen += len(view.hand or ()) + len(view.cash) + (view.lot is not None)
        return self.inner.act(view, legal)


def time_refsim(path: Path, games: int, players: int) -> tuple[float, float] | None:
    """(games/s, decisions/s) of the yardstick, or ``None`` if it cannot play
    ``players`` (it knows the 1992 deal of 3 to 5 players only)."""
    module: dict[str, Any] = runpy.run_path(str(path))
    play: Callable[..., Any] = module["play_game"]
    rng = random.Random(1)
    tally = [0]
    try:
        play(players, random.Random(0), [0])
    except Exception:  # a foreign script: any failure means it cannot play this count
        return None
    start = time.process_time()
    for _ in range(games):
        play(players, rng, tally)
    elapsed = time.process_time() - start
    return games / elapsed, tally[0] / elapsed


def time_agent_loop(rules: Rules, games: int, mixed: bool = False) -> tuple[float, float]:
    """(decisions/s, games/s) of the README's agent loop; ``mixed``: with the mixed
    game's agents (seat 0 reads its view)."""
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        game = Game.new(rules=rules, seed=seed)
        agents: list[Any] = list(default_agents(rules.players, seed))
        if mixed:
            agents[0] = ReadingAgent(f"{seed}/0")
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
            decisions += 1
    elapsed = time.process_time() - start
    return decisions / elapsed, games / elapsed


def between(mixed: float, playout: float, agent_loop: float) -> float:
    """Where the mixed game's time a game lies between the playout's (0) and the agent
    loop's (1) with the same agents, from the three loops' games/s: the issue's "far
    closer to the playout than to the slow loop" is a figure well under 0.5."""
    fast, slow = 1 / playout, 1 / agent_loop
    return (1 / mixed - fast) / (slow - fast) if slow != fast else 0.0


def time_playout(rules: Rules, games: int, mixed: bool = False) -> float:
    """Games/s of :func:`play_game`; ``mixed``: seat 0 reads its view."""
    start = time.process_time()
    for seed in range(games):
        agents: list[Any] = list(default_agents(rules.players, seed))
        if mixed:
            agents[0] = ReadingAgent(f"{seed}/0")
        play_game(rules, seed=seed, agents=agents)
    return games / (time.process_time() - start)


def mid_game(rules: Rules, seed: int) -> Game:
    """A game about a third of the way through (seeded random play)."""
    game = Game.new(rules=rules, seed=seed)
    agents = default_agents(rules.players, seed)
    for _ in range(25 * rules.players):
        if game.is_over:
            break
        seat = game.to_act()[0]
        game.step(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    return game


def time_rollouts(rules: Rules, games: int) -> tuple[float, float]:
    """(rollouts/s, seconds per decision) of clone + random playout from mid-game."""
    states = [mid_game(rules, seed) for seed in range(games)]
    start = time.process_time()
    _rollouts(states, rules.players)  # (each finished rollout dropped, as a search does)
    elapsed = time.process_time() - start
    decisions = _rollouts(states, rules.players, count=True)  # (the same games, untimed)
    return games / elapsed, elapsed / decisions


def _rollouts(states: Sequence[Game], players: int, count: bool = False) -> int:
    """Clone and play out each state with the same seeded agents; with ``count``, the
    decisions played. A finished rollout is dropped at once: keeping them all alive
    would time the garbage collector's walks over them, which grow with ``games``."""
    agents = [RandomAgent(seat) for seat in range(players)]
    decisions = 0
    for state in states:
        twin = state.clone()
        twin.playout(agents)
        if count:
            decisions += len(twin.log) - len(state.log)
    return decisions


def memory(rules: Rules) -> tuple[int, int]:
    """Bytes of a mid-game state (a full copy, the compiled rules shared) and of a
    clone of it."""
    game = mid_game(rules, 1)
    game.events  # noqa: B018 - a state whose events were read holds them
    gc.collect()  # (a full collection empties the free lists, which would serve some of
    # the copy's objects unseen: the figure would depend on what ran before)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        full = copy.deepcopy(game, {id(rules): rules})
        state = tracemalloc.get_traced_memory()[0] - before
        before = tracemalloc.get_traced_memory()[0]
        twin = game.clone()
        cloned = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del full, twin
    return state, cloned


def bench(
    games: int,
    players: Sequence[int],
    ruleset: Ruleset,
    refsim: Path | None,
    repeats: int = 3,
) -> list[str]:
    """The report: per player count, one line per loop; engine and yardstick runs
    alternate and the best of ``repeats`` of each is kept."""
    lines = [f"{'players':>7}  {'loop':<20} {'engine':>10} {'unit':<12} {'refsim':>10} "
             f"{'ratio':>6}"]
    for n in players:
        rules = compile_rules(ruleset, n)
        best: dict[str, float] = {}
        cost = float("inf")
        yardstick: list[tuple[float, float]] = []
        for _ in range(repeats):
            timed = None if refsim is None else time_refsim(refsim, max(games, 200), n)
            if timed is not None:
                yardstick.append(timed)
            decisions_rate, _ = time_agent_loop(rules, games)
            _, slow_mixed = time_agent_loop(rules, games, mixed=True)
            for name, rate in (
                (LOOPS[0], decisions_rate),
                ("mixed agent loop games", slow_mixed),
                (LOOPS[1], time_playout(rules, games)),
                (LOOPS[2], time_playout(rules, games, mixed=True)),
            ):
                best[name] = max(best.get(name, 0.0), rate)
            rollouts, per_decision = time_rollouts(rules, games)
            best[LOOPS[3]] = max(best.get(LOOPS[3], 0.0), rollouts)
            cost = min(cost, per_decision)
        ref_games, ref_decisions = max(yardstick) if yardstick else (0.0, 0.0)
        rows = (
            (LOOPS[0], "decisions/s", ref_decisions, best[LOOPS[0]] / (ref_decisions or 1)),
            (LOOPS[1], "games/s", ref_games, best[LOOPS[1]] / (ref_games or 1)),
            (LOOPS[2], "games/s", ref_games, best[LOOPS[2]] / (ref_games or 1)),
            # a cost ratio: the rollout's time over the yardstick's for as many decisions
            (LOOPS[3], "rollouts/s", 0.0, cost * ref_decisions),
        )
        # (the engine's own figure, with or without the yardstick)
        where = between(best[LOOPS[2]], best[LOOPS[1]], best["mixed agent loop games"])
        placed = f"  ({where:.2f} of the way from the playout to the same agents in the agent loop)"
        for name, unit, ref, ratio in rows:
            row = f"{n:>7}  {name:<20} {best[name]:>10.0f} {unit:<12}"
            if not yardstick:
                row = f"{row} {'-':>10} {'-':>6}"
            elif name == LOOPS[3]:
                row = f"{row} {'-':>10} {ratio:>5.2f}x cost"
            else:
                row = f"{row} {ref:>10.0f} {ratio:>5.2f}x"
            lines.append(row + placed if name == LOOPS[2] else row)
        state, cloned = memory(rules)
        lines.append(f"{n:>7}  memory: mid-game state {state / 1024:.1f} KiB, "
                     f"clone {cloned / 1024:.1f} KiB")
    lines.append(
        f"{ruleset.id}, seeded random agents, invariant checking off; ratio: engine / "
        "refsim rate (clone + rollout: engine time / refsim time for as many decisions); "
        "rates per second of process CPU time, best of repeats"
    )
    if refsim is None:
        lines.append("refsim.py not found (--refsim or AUCTIONRULES_REFSIM); engine figures only")
    elif any(line.endswith("-") for line in lines[1:-1]):
        lines.append("-: the yardstick cannot play that many players (it knows 3 to 5)")
    return lines
