"""Benchmark: the loops users run, side by side with the yardstick.

The yardstick is ``refsim.py`` (a hard-coded plain-Python Modern Art random
player, kept outside the repository); the caller (``auctionrules bench``) finds
it and passes its path in, with the ruleset to time. It is loaded with
:func:`runpy.run_path` and timed in the same process run, so a ratio compares
like with like. Rates are per second of this process's CPU time
(``time.process_time``), which other jobs on a busy machine distort less than
wall-clock time. Each loop, by name, with seeded :class:`RandomAgent` s and
invariant checking off:

* ``agent loop, view kept``: the loop as most people write it, each part in a
  variable (``view = game.view(seat)``, ``legal = game.legal(seat)``, ``action =
  agent.act(view, legal)``, ``game.apply(action, seat)``), against the yardstick's
  decisions/s;
* ``agent loop, one line``: the loop of the README's tour, ``seat =
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
* ``heuristic table`` (when the caller passes the agents of a table, e.g. four
  ``heuristic`` seats): whole games of those agents by :meth:`Game.playout`,
  against the yardstick's games/s, with the decisions a game (the actions of the
  record: a limit bid is one decision however many bids it makes);
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
LOOPS = (
    "agent loop, view kept", "agent loop, one line", "playout", "mixed", "clone + rollout",
    "heuristic table",
)
#: The agents of a table: ``table(players, seed)``, one per seat.
Table = Callable[[int, int], Sequence[Any]]


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


def time_agent_loop(
    rules: Rules, games: int, mixed: bool = False, kept: bool = False
) -> tuple[float, float]:
    """(decisions/s, games/s) of the agent loop, in one line or (``kept``) with the
    view, the legal moves and the action each kept in a variable; ``mixed``: with the
    mixed game's agents (seat 0 reads its view)."""
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        game = Game.new(rules=rules, seed=seed)
        agents: list[Any] = list(default_agents(rules.players, seed))
        if mixed:
            agents[0] = ReadingAgent(f"{seed}/0")
        if kept:
            while not game.is_over:
                seat = game.to_act()[0]
                view = game.view(seat)
                legal = game.legal(seat)
                action = agents[seat].act(view, legal)
                game.apply(action, seat)
                decisions += 1
        else:
            while not game.is_over:
                seat = game.to_act()[0]
                game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
                decisions += 1
    elapsed = time.process_time() - start
    return decisions / elapsed, games / elapsed


def time_table(rules: Rules, games: int, table: Table) -> tuple[float, float]:
    """(games/s, decisions a game) of whole games of ``table``'s agents."""
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        game = Game.new(rules=rules, seed=seed)
        game.playout(table(rules.players, seed))
        decisions += len(game.log)
    return games / (time.process_time() - start), decisions / games


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
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
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
    *,
    table: Table | None = None,
    table_games: int = 20,
) -> list[str]:
    """The report: per player count, one line per loop; engine and yardstick runs
    alternate and the best of ``repeats`` of each is kept. ``table``: the agents of
    the heuristic table, timed over ``table_games`` games."""
    lines = [f"{'players':>7}  {'loop':<22} {'engine':>10} {'unit':<12} {'refsim':>10} "
             f"{'ratio':>6}"]
    kept_loop, one_line, playout, mixed, rollout, heuristic = LOOPS
    for n in players:
        rules = compile_rules(ruleset, n)
        best: dict[str, float] = {}
        cost = float("inf")
        per_game = 0.0
        yardstick: list[tuple[float, float]] = []
        for _ in range(repeats):
            timed = None if refsim is None else time_refsim(refsim, max(games, 200), n)
            if timed is not None:
                yardstick.append(timed)
            _, slow_mixed = time_agent_loop(rules, games, mixed=True)
            for name, rate in (
                (kept_loop, time_agent_loop(rules, games, kept=True)[0]),
                (one_line, time_agent_loop(rules, games)[0]),
                ("mixed agent loop games", slow_mixed),
                (playout, time_playout(rules, games)),
                (mixed, time_playout(rules, games, mixed=True)),
            ):
                best[name] = max(best.get(name, 0.0), rate)
            rollouts, per_decision = time_rollouts(rules, games)
            best[rollout] = max(best.get(rollout, 0.0), rollouts)
            cost = min(cost, per_decision)
            if table is not None:
                rate, per_game = time_table(rules, table_games, table)
                best[heuristic] = max(best.get(heuristic, 0.0), rate)
        ref_games, ref_decisions = max(yardstick) if yardstick else (0.0, 0.0)
        rows = [
            (kept_loop, "decisions/s", ref_decisions, best[kept_loop] / (ref_decisions or 1)),
            (one_line, "decisions/s", ref_decisions, best[one_line] / (ref_decisions or 1)),
            (playout, "games/s", ref_games, best[playout] / (ref_games or 1)),
            (mixed, "games/s", ref_games, best[mixed] / (ref_games or 1)),
            # a cost ratio: the rollout's time over the yardstick's for as many decisions
            (rollout, "rollouts/s", 0.0, cost * ref_decisions),
        ]
        if table is not None:
            rows.append((heuristic, "games/s", ref_games, best[heuristic] / (ref_games or 1)))
        # (the engine's own figure, with or without the yardstick)
        where = between(best[mixed], best[playout], best["mixed agent loop games"])
        notes = {
            mixed: f"  ({where:.2f} of the way from the playout to the same agents in the "
            "agent loop)",
            heuristic: f"  ({per_game:.0f} decisions a game)",
        }
        for name, unit, ref, ratio in rows:
            row = f"{n:>7}  {name:<22} {best[name]:>10.{1 if best[name] < 100 else 0}f} " \
                f"{unit:<12}"
            if not yardstick:
                row = f"{row} {'-':>10} {'-':>6}"
            elif name == rollout:
                row = f"{row} {'-':>10} {ratio:>5.2f}x cost"
            else:
                digits = 2 if ratio >= 0.01 else 4  # (the table's ratio is small)
                row = f"{row} {ref:>10.0f} {ratio:>6.{digits}f}x"
            lines.append(row + notes.get(name, ""))
        state, cloned = memory(rules)
        lines.append(f"{n:>7}  memory: mid-game state {state / 1024:.1f} KiB, "
                     f"clone {cloned / 1024:.1f} KiB")
    lines.append(
        f"{ruleset.id}, seeded random agents (the heuristic table: the caller's), invariant "
        "checking off; ratio: engine / refsim rate (clone + rollout: engine time / refsim "
        "time for as many decisions); rates per second of process CPU time, best of repeats"
    )
    if refsim is None:
        lines.append("refsim.py not found (--refsim or AUCTIONRULES_REFSIM); engine figures only")
    elif any(line.endswith("-") for line in lines[1:-1]):
        lines.append("-: the yardstick cannot play that many players (it knows 3 to 5)")
    return lines
