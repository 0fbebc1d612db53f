"""Tuning the heuristic: ``python benchmarks/tune_heuristic.py [--games 150] [--sweeps 2]``.

Coordinate search, one parameter at a time: a candidate (the current best with
one parameter changed) plays in one seat against three (or two) of the current
best, seats rotated, on ``hig-1992-en`` and ``hig-1992-fr`` at 4 players and
``hig-1992-en`` with the mystery hand at 3. The candidate replaces the current
best when its win rate over the three tables passes ``--threshold`` (an equal
player wins about 0.29 here, ties counting for each tied player). The games are
played by the simulation lab (:func:`auctionrules.lab.simulate`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from auctionrules.agents import AgentSpec
from auctionrules.lab import simulate

TABLES = (("hig-1992-en", (), 4), ("hig-1992-fr", (), 4), ("hig-1992-en", ("mystery-hand",), 3))
GRID: dict[str, tuple[float, ...]] = {
    "aggression": (0.8, 0.9, 1.0, 1.1, 1.2),
    "shading": (0.7, 0.85, 0.95),
    "own_share": (0.35, 0.5, 0.65),
    "price_share": (0.45, 0.6, 0.75, 0.9),
    "discount": (0.3, 0.5, 0.7, 0.9),
    "hand_weight": (0.0, 0.25, 0.5, 1.0),
    "push": (0.0, 0.5, 1.0),
}
#: Where the search starts: the first guesses, before any tournament.
START = {"aggression": 1.0, "shading": 0.85, "own_share": 0.5, "price_share": 0.6,
         "discount": 0.5, "hand_weight": 0.5, "push": 0.5}


def spec(params: dict[str, float]) -> str:
    """The registry text of a heuristic with ``params``."""
    return "heuristic:" + ",".join(f"{k}={v}" for k, v in sorted(params.items()))


def rate(candidate: dict[str, float], best: dict[str, float], games: int) -> float:
    """The candidate's win rate against the current best, over the tables."""
    wins = seats = 0
    for variant, modules, players in TABLES:
        run = simulate(variant, players, games, [spec(candidate)] + [spec(best)] * (players - 1),
                       seed=1000, modules=modules)
        summary = run.summary()
        key = str(AgentSpec.parse(spec(candidate)))
        wins += summary.agent_wins[key]
        seats += summary.agent_seats[key]
    return wins / seats


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games per table and candidate")
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--threshold", type=float, default=0.315)
    args = parser.parse_args(argv)
    best = dict(START)
    for _ in range(args.sweeps):
        for key, values in GRID.items():
            for value in values:
                if value == best[key]:
                    continue
                candidate = {**best, key: value}
                won = rate(candidate, best, args.games)
                print(f"{key}={value}: {won:.3f}", flush=True)
                if won > args.threshold:
                    best = candidate
                    print(f"  -> best {spec(best)}", flush=True)
    print(f"final: {spec(best)}")


if __name__ == "__main__":
    main()
