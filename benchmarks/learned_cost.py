"""The cost of a ``learned`` decision, beside the heuristic's, in CPU time.

The decisions are those of seeded 4-player ``hig-1992-en`` games of four
``heuristic`` players (views and legal moves kept, then answered again by each
agent, best of ``--repeats``): every decision, and those the network scores (a
seat with one legal move is answered without it). Then whole games: a table of
four ``learned`` players against one of four ``heuristic`` players::

    python benchmarks/learned_cost.py --games 5
"""

from __future__ import annotations

import argparse
import os
import sys
import time

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

from auctionrules.agents import make_agent  # noqa: E402
from auctionrules.engine import Game  # noqa: E402
from auctionrules.loader import load_ruleset  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    ruleset = load_ruleset("hig-1992-en")
    states = []
    for seed in range(1, args.games + 1):
        game = Game.new(ruleset, players=4, seed=seed)
        agents = [make_agent("heuristic", seed=s) for s in range(4)]
        while not game.is_over:
            seat = game.to_act()[0]
            view, legal = game.view(seat), game.legal(seat)
            states.append((view, legal))
            game.apply(agents[seat].act(view, legal), seat)
    scored = [(v, legal) for v, legal in states
              if len(legal.actions) > 1 or legal.bid is not None or legal.price is not None]
    for name in ("learned", "heuristic"):
        agent = make_agent(name, seed=1)
        agent.act(*states[0])
        for label, batch in (("every decision", states), ("scored decisions", scored)):
            best = min(_timed(agent, batch) for _ in range(args.repeats))
            print(f"{name:9} {label:16} {len(batch):5}: {best * 1e6:7.1f} us each")
    for name in ("learned", "heuristic"):
        start = time.process_time()
        for seed in range(1, args.games + 1):
            game = Game.new(ruleset, players=4, seed=seed)
            game.playout([make_agent(name, seed=s) for s in range(4)])
        spent = time.process_time() - start
        print(f"four {name} players: {args.games / spent:.1f} games per CPU second")
    return 0


def _timed(agent: object, batch: list[tuple[object, object]]) -> float:
    act = agent.act  # type: ignore[attr-defined]
    start = time.process_time()
    for view, legal in batch:
        act(view, legal)
    return (time.process_time() - start) / len(batch)


if __name__ == "__main__":
    sys.exit(main())
