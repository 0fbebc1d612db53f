"""Benchmark: random games through the public API, side by side with the yardstick.

The yardstick is ``refsim.py`` (a hard-coded plain-Python Modern Art simulator,
kept outside the repository in ``../shared/bench/``; override its path with
``$AUCTIONRULES_REFSIM``). It is loaded with :func:`runpy.run_path` and timed
in the same process run, so the ratio compares like with like. Rates are per
second of this process's CPU time (``time.process_time``), which other jobs on a
busy machine distort less than wall-clock time. The engine side
plays :func:`auctionrules.engine.play_game` (every action checked by
``Game.apply``, random agents, invariant checking off) on ``hig-1992-en``.

Run it as ``auctionrules bench [--games N] [--players 3 4 5]`` or
``python benchmarks/bench.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import runpy
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from auctionrules.engine import Game, compile_rules, play_game
from auctionrules.engine.agents import default_agents
from auctionrules.loader import load_ruleset

#: Where the yardstick lives next to a checkout (``<checkout>/../shared/bench``).
DEFAULT_REFSIM = Path(__file__).resolve().parents[4] / "shared" / "bench" / "refsim.py"


def refsim_path() -> Path | None:
    """Where the yardstick is, or ``None`` if it is not there."""
    path = Path(os.environ.get("AUCTIONRULES_REFSIM", DEFAULT_REFSIM))
    return path if path.is_file() else None


def time_refsim(path: Path, games: int, players: int) -> tuple[float, float]:
    """(games/s, decisions/s) of the yardstick."""
    module: dict[str, Any] = runpy.run_path(str(path))
    play: Callable[..., Any] = module["play_game"]
    rng = random.Random(1)
    tally = [0]
    start = time.process_time()
    for _ in range(games):
        play(players, rng, tally)
    elapsed = time.process_time() - start
    return games / elapsed, tally[0] / elapsed


def time_engine(variant: str, games: int, players: int) -> tuple[float, float]:
    """(games/s, actions/s) of the engine through the public API."""
    rules = compile_rules(load_ruleset(variant), players)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        actions += len(play_game(rules, seed=seed).log)
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def time_unchecked(variant: str, games: int, players: int) -> tuple[float, float]:
    """(games/s, actions/s) with :meth:`Game.apply_unchecked`: the same agents and
    legal moves, no checking of the chosen action (the engines' fast path)."""
    rules = compile_rules(load_ruleset(variant), players)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        game = Game.new(rules=rules, seed=seed)
        agents = default_agents(players, seed)
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply_unchecked(agents[seat].act(game, game.legal(seat)), seat)
        actions += len(game.log)
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def bench(
    games: int, players: Sequence[int], variant: str = "hig-1992-en", repeats: int = 3
) -> list[str]:
    """The report, one line per player count; engine and yardstick runs alternate and
    the best of ``repeats`` of each is kept."""
    ref = refsim_path()
    lines = [
        f"{'players':>7} {'engine games/s':>15} {'actions/s':>10} {'unchecked':>10} "
        f"{'refsim games/s':>15} {'decisions/s':>12} {'ratio':>6}"
    ]
    for n in players:
        engine, unchecked, yardstick = [], [], []
        for _ in range(repeats):
            engine.append(time_engine(variant, games, n))
            unchecked.append(time_unchecked(variant, games, n))
            if ref is not None:
                yardstick.append(time_refsim(ref, max(games, 200), n))
        (eg, ea), (ug, _) = max(engine), max(unchecked)
        if ref is None:
            lines.append(
                f"{n:>7} {eg:>15.0f} {ea:>10.0f} {ug:>10.0f} {'-':>15} {'-':>12} {'-':>6}"
            )
            continue
        rg, rd = max(yardstick)
        lines.append(
            f"{n:>7} {eg:>15.0f} {ea:>10.0f} {ug:>10.0f} {rg:>15.0f} {rd:>12.0f} "
            f"{eg / rg:>5.2f}x"
        )
    lines.append(
        "engine: play_game (every action checked by Game.step), random agents, "
        f"{variant}; unchecked: games/s with apply_unchecked; ratio: engine / refsim games/s"
    )
    if ref is None:
        lines.append("refsim.py not found (set AUCTIONRULES_REFSIM); engine figures only")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--variant", default="hig-1992-en")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    for line in bench(args.games, args.players, args.variant, args.repeats):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
