"""Speed of the PettingZoo environment: ``python benchmarks/rl_bench.py [--games 200]``.

Plays seeded games through :func:`auctionrules.envs.pettingzoo.env` (with
PettingZoo's wrappers) and :class:`~auctionrules.envs.pettingzoo.raw_env`, the
usual AEC loop: ``agent_iter()``, ``last()`` (the observation and the mask are
built at every step), a random legal index drawn from the mask
(``mask.nonzero()`` and a uniform pick), ``step()``. A step is one action
(the final ``step(None)`` of each finished agent is not counted). In the same
process it times the yardstick ``refsim.py`` (see ``auctionrules bench``) and
prints the AEC steps/s as a ratio of the yardstick's decisions/s. Rates are per
second of process CPU time, best of ``--repeats`` alternating runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from auctionrules.bench import time_refsim
from auctionrules.cli.bench import find_refsim as find_yardstick
from auctionrules.envs.pettingzoo import env, raw_env


def time_aec(make: Callable[..., Any], games: int, players: int, variant: str) -> float:
    """AEC steps per second of CPU time over ``games`` games of random masked play."""
    environment = make(variant=variant, players=players)
    rng = random.Random(0)
    pick = rng.random
    steps = 0
    start = time.process_time()
    for seed in range(games):
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                environment.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            environment.step(int(legal[int(pick() * len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def find_refsim() -> Path | None:
    """``shared/bench/refsim.py`` in a folder above this checkout (a worktree layout)."""
    for folder in Path(__file__).resolve().parents:
        path = folder / "shared" / "bench" / "refsim.py"
        if path.is_file():
            return path
    return None


def main(argv: list[str] | None = None) -> None:
    """Print the table of the measured rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variant", default="hig-1992-fr")
    args = parser.parse_args(argv)
    ref = find_yardstick(None) or find_refsim()
    print(f"{'players':>7} {'env() steps/s':>14} {'raw_env steps/s':>16} "
          f"{'refsim decisions/s':>19} {'env()/ref':>10} {'raw/ref':>8}")
    for players in args.players:
        wrapped = raw = decisions = 0.0
        for _ in range(args.repeats):
            wrapped = max(wrapped, time_aec(env, args.games, players, args.variant))
            raw = max(raw, time_aec(raw_env, args.games, players, args.variant))
            timed = None if ref is None else time_refsim(ref, max(args.games, 200), players)
            if timed is not None:
                decisions = max(decisions, timed[1])
        ratio = f"{wrapped / decisions:.3f}" if decisions else "-"
        raw_ratio = f"{raw / decisions:.3f}" if decisions else "-"
        print(f"{players:>7} {wrapped:>14,.0f} {raw:>16,.0f} {decisions:>19,.0f} "
              f"{ratio:>10} {raw_ratio:>8}")


if __name__ == "__main__":
    main()
