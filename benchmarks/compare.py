"""A/B speed comparison of two source trees of auctionrules, in one process.

``python benchmarks/compare.py OLD_SRC NEW_SRC [--rounds 15] [--games 150] [--players 4]``

Each ``SRC`` is the ``src`` directory of a checkout (``git worktree add /tmp/old
HEAD~3`` makes one for an older commit). Both engines are imported into this
process under their own name, one after the other, and their ``play_game`` runs
alternate with the yardstick's (``../shared/bench/refsim.py``, or
``$AUCTIONRULES_REFSIM``), so that the noise of a shared machine hits all three
alike; the medians are compared. The figures of a change in
``benchmarks/README.md`` are measured so: gains of a few per cent are below the
noise of two separate ``auctionrules bench`` runs.
"""

from __future__ import annotations

import argparse
import os
import random
import runpy
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REFSIM = Path(__file__).resolve().parents[2] / "shared" / "bench" / "refsim.py"

Play = Callable[[int], object]


def load(src: str, players: int) -> Play:
    """``play(seed)`` of the engine in ``src``: imported afresh (every module of the
    package is dropped first), its rules compiled once, one game played to warm up."""
    for name in [n for n in sys.modules if n == "auctionrules" or n.startswith("auctionrules.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        from auctionrules.engine import compile_rules, play_game  # noqa: PLC0415 - per tree
        from auctionrules.loader import load_ruleset  # noqa: PLC0415

        rules = compile_rules(load_ruleset("hig-1992-en"), players)
    finally:
        sys.path.remove(src)
    play_game(rules, seed=0)
    return lambda seed: play_game(rules, seed=seed)


def per_game(play: Play, games: int) -> float:
    """CPU seconds per game of ``games`` seeded games."""
    start = time.process_time()
    for seed in range(games):
        play(seed)
    return (time.process_time() - start) / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="src directory of the first checkout")
    parser.add_argument("new", help="src directory of the second checkout")
    parser.add_argument("--rounds", type=int, default=15, help="alternating runs (15)")
    parser.add_argument("--games", type=int, default=150, help="engine games per run (150)")
    parser.add_argument("--players", type=int, default=4, help="player count (4)")
    args = parser.parse_args(argv)
    old, new = load(args.old, args.players), load(args.new, args.players)
    path = Path(os.environ.get("AUCTIONRULES_REFSIM", str(REFSIM)))
    yardstick: Callable[..., Any] | None = None
    if path.is_file():
        yardstick = runpy.run_path(str(path))["play_game"]
    rng, tally = random.Random(1), [0]
    times: dict[str, list[float]] = {"old": [], "new": [], "refsim": []}
    for _ in range(args.rounds):
        times["old"].append(per_game(old, args.games))
        times["new"].append(per_game(new, args.games))
        if yardstick is not None:
            start = time.process_time()
            for _ in range(3 * args.games):
                yardstick(args.players, rng, tally)
            times["refsim"].append((time.process_time() - start) / (3 * args.games))
    o, n = statistics.median(times["old"]), statistics.median(times["new"])
    r = statistics.median(times["refsim"]) if yardstick is not None else None
    for name, t in (("old", o), ("new", n)):
        ratio = "" if r is None else f" ({r / t:.3f}× the yardstick)"
        print(f"{name} {t * 1e6:.0f} µs/game{ratio}")
    head = "yardstick not found" if r is None else f"yardstick {r * 1e6:.0f} µs/game"
    print(f"{head}; new is {o / n:.3f}× as fast as old (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
