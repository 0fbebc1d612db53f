"""The environments' speed: a PettingZoo step and a Gymnasium step, timed as a learner
drives them. ``auctionrules bench`` adds these rows when the ``rl`` extra is installed;
``benchmarks/rl_bench.py`` times them against the yardstick and keeps the docs' table.

A PettingZoo step is the usual AEC loop: ``last()`` (the observation and the mask
are built at every step), a random legal index from the mask, ``step()``; the
final ``step(None)`` of each finished agent is not counted. A Gymnasium step is
one ``step()`` of the learning seat, a random legal index from
``info["action_mask"]``, its ``random`` opponents' moves included (one
environment step is one decision of the learner, and what it costs is what a
learner waits for). Rates are per second of process CPU time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from auctionrules.envs.gymnasium import ModernArtEnv
from auctionrules.envs.pettingzoo import env, raw_env

#: The rows' names, as ``auctionrules bench`` prints them.
PETTINGZOO_ROW = "PettingZoo env() step"
GYMNASIUM_ROW = "Gymnasium step"


def time_aec(make: Callable[..., Any], games: int, players: int, variant: str) -> float:
    """AEC steps per second of CPU time over ``games`` games of random masked play of
    the environment ``make`` builds (:func:`~auctionrules.envs.pettingzoo.env` or
    :class:`~auctionrules.envs.pettingzoo.raw_env`)."""
    environment = make(variant=variant, players=players)
    pick = random.Random(0).random
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


def time_gymnasium(games: int, players: int, variant: str) -> float:
    """Gymnasium steps (the learning seat's) per second of CPU time over ``games`` games
    of random masked play against ``random`` opponents."""
    environment = ModernArtEnv(variant, players, opponents="random")
    pick = random.Random(0).random
    steps = 0
    start = time.process_time()
    for seed in range(games):
        _, info = environment.reset(seed=seed)
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, _, done, _, info = environment.step(int(legal[int(pick() * len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def env_rates(games: int, players: int, variant: str, repeats: int) -> dict[str, float]:
    """The best of ``repeats`` runs of each: ``env`` and ``raw_env`` AEC steps/s,
    ``gymnasium`` steps/s."""
    best = {"env": 0.0, "raw_env": 0.0, "gymnasium": 0.0}
    for _ in range(repeats):
        best["env"] = max(best["env"], time_aec(env, games, players, variant))
        best["raw_env"] = max(best["raw_env"], time_aec(raw_env, games, players, variant))
        best["gymnasium"] = max(best["gymnasium"], time_gymnasium(games, players, variant))
    return best


def rows(games: int, players: int, variant: str, repeats: int, decisions: float) -> list[str]:
    """The lines of ``auctionrules bench`` for the environments at ``players``, as its
    other rows (``decisions``: the yardstick's decisions/s, 0 when it did not run)."""
    rates = env_rates(games, players, variant, repeats)
    out = []
    for name, rate in ((PETTINGZOO_ROW, rates["env"]), (GYMNASIUM_ROW, rates["gymnasium"])):
        row = f"{players:>7}  {name:<22} {rate:>10.0f} {'steps/s':<12}"
        if decisions:
            row += f" {decisions:>10.0f} {rate / decisions:>6.3f}x"
        else:
            row += f" {'-':>10} {'-':>6}"
        out.append(row)
    return out
