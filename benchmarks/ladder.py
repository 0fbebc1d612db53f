"""Agents' strength and speed: ``python benchmarks/ladder.py [--games 400] [--search-games 60]``.

Ratings of any set of agents are ``auctionrules ladder`` (openskill, every
seating); this script keeps the two fixed match-ups the figures of
``benchmarks/README.md`` were measured with, and times the agents. The games are
played by the simulation lab (:func:`auctionrules.lab.simulate`: seeded games,
seats rotated, win rates with 95 % Wilson intervals). Ties count as the lab and
the ladder count them: a shared win is a win for each player sharing it. Only
the decisions per second are timed here, on a few games of their own.

For each table (``hig-1992-en`` and ``hig-1992-fr`` at 4 players, ``hig-1992-en``
at 3 players with the mystery hand):

* ``heuristic`` against random players, seats rotated: its win rate with the 95 %
  Wilson interval;
* ``ismcts`` (an iteration budget that keeps a decision well under 0.2 s) against
  ``heuristic`` players, likewise;
* decisions per second of each agent (its own CPU time, measured around ``act``);
* games per second of four ``heuristic`` players (``play_views``, checked steps)
  as a ratio against the yardstick's random games per second, in the same run.

Not a test: the figures go to ``benchmarks/README.md``. Keep budgets modest on a
shared machine.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from typing import Any

from auctionrules.agents import AgentSpec, make_agent
from auctionrules.agents.match import play_views
from auctionrules.bench import time_refsim
from auctionrules.cli.bench import find_refsim
from auctionrules.engine import Game, Legal, View
from auctionrules.engine.actions import Action
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.lab import simulate
from auctionrules.loader import load_ruleset

#: ``(variant, modules, players)``.
Table = tuple[str, tuple[str, ...], int]
TABLES: tuple[Table, ...] = (
    ("hig-1992-en", (), 4),
    ("hig-1992-fr", (), 4),
    ("hig-1992-en", ("mystery-hand",), 3),
)


class Timed:
    """Counts an agent's decisions and the CPU time it spends in them (the machine is
    shared: wall time would measure the other processes too)."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: View, legal: Legal) -> Action:
        start = time.process_time()
        action: Action = self.agent.act(view, legal)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def match(table: Table, hero: str, field: str, games: int, seed: int = 0) -> dict[str, Any]:
    """``hero`` against ``field`` in the other seats, rotated, by the lab's runner."""
    variant, modules, players = table
    run = simulate(variant, players, games, [hero] + [field] * (players - 1), seed=seed,
                   modules=modules)
    summary = run.summary()
    rate, (low, high) = summary.agent_rate(str(AgentSpec.parse(hero)))
    return {"win": rate, "low": low, "high": high, "ties": summary.ties}


def decisions_per_second(rules: Rules, hero: str, field: str, games: int) -> tuple[float, float]:
    """Decisions per second of ``hero`` and of ``field`` (their own time), over ``games``."""
    n = rules.players
    timers: dict[str, list[Timed]] = {hero: [], field: []}
    for number in range(games):
        seat = number % n
        agents = [Timed(make_agent(hero if s == seat else field, seed=number * n + s))
                  for s in range(n)]
        play_views(Game.new(rules=rules, seed=50_000 + number), agents)
        for s, agent in enumerate(agents):
            timers[hero if s == seat else field].append(agent)

    def rate(name: str) -> float:
        spent = sum(t.seconds for t in timers[name])
        return sum(t.decisions for t in timers[name]) / spent if spent else math.inf

    return rate(hero), rate(field)


def games_per_second(rules: Rules, games: int) -> float:
    """Games per second of CPU time of four (or n) heuristic players."""
    start = time.process_time()
    for number in range(games):
        agents = [make_agent("heuristic", seed=s) for s in range(rules.players)]
        play_views(Game.new(rules=rules, seed=number), agents)
    return games / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games of heuristic vs random")
    parser.add_argument("--search-games", type=int, default=60, help="games of ismcts")
    parser.add_argument("--ismcts", default="ismcts:iterations=16", help="the search agent")
    parser.add_argument("--heuristic", default="heuristic", help="the heuristic agent")
    parser.add_argument("--timing-games", type=int, default=4, help="games timed per pairing")
    parser.add_argument("--speed-games", type=int, default=200, help="games timed for speed")
    args = parser.parse_args(argv)
    heuristic = args.heuristic
    for table in TABLES:
        variant, modules, players = table
        rules = rules_for(load_ruleset(variant, list(modules)), players)
        label = f"{variant}{''.join(' +' + m for m in modules)}, {players} players"
        if args.games:
            easy = match(table, heuristic, "random", args.games)
            fast, floor = decisions_per_second(rules, heuristic, "random", args.timing_games)
            print(f"{label}: {heuristic} vs random: {easy['win']:.1%} "
                  f"[{easy['low']:.1%}, {easy['high']:.1%}] of {args.games} "
                  f"({easy['ties']} ties); decisions/s {heuristic} {fast:.0f}, "
                  f"random {floor:.0f}", flush=True)
        if args.search_games:
            hard = match(table, args.ismcts, heuristic, args.search_games, seed=10_000)
            slow, _ = decisions_per_second(rules, args.ismcts, heuristic, args.timing_games)
            print(f"{label}: {args.ismcts} vs {heuristic}: {hard['win']:.1%} "
                  f"[{hard['low']:.1%}, {hard['high']:.1%}] of {args.search_games} "
                  f"({hard['ties']} ties); decisions/s {slow:.1f} ({1 / slow:.3f} s a decision)",
                  flush=True)
    if args.speed_games:
        rules = rules_for(load_ruleset("hig-1992-en"), 4)
        heuristic_rate = games_per_second(rules, args.speed_games)
        path = find_refsim(None)
        timed = time_refsim(path, 2000, 4) if path is not None else None
        if timed is None:
            print(f"four heuristic players: {heuristic_rate:.1f} games/s (refsim.py not found)")
        else:
            print(f"four heuristic players: {heuristic_rate:.1f} games/s; refsim random: "
                  f"{timed[0]:.0f} games/s; ratio {heuristic_rate / timed[0]:.4f}")


if __name__ == "__main__":
    main()
