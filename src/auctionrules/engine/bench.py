"""Benchmark: random games through the public API, side by side with the yardstick.

The yardstick is ``refsim.py`` (a hard-coded plain-Python Modern Art simulator,
kept outside the repository in ``../shared/bench/``; override its path with
``$AUCTIONRULES_REFSIM``). It is loaded with :func:`runpy.run_path` and timed
in the same process run, so the ratio compares like with like. Rates are per
second of this process's CPU time (``time.process_time``), which other jobs on a
busy machine distort less than wall-clock time. The engine is timed three ways on
``hig-1992-en`` with seeded random agents and invariant checking off:

* ``playout``: :func:`auctionrules.engine.play_game`, i.e. :meth:`Game.playout`, the
  fast path of random rollouts (the agents are asked with plain numbers; every
  action is legal by construction and logged as ``Game.step`` would);
* ``checked``: the step-by-step loop of the public API, ``to_act()``,
  ``legal(seat)``, ``agent.act`` and ``Game.step`` (which checks the action) for
  every action;
* ``unchecked``: the same loop with :meth:`Game.apply_unchecked`.

All three play the same games, action for action.

Run it as ``auctionrules bench [--games N] [--players 3 4 5]`` or
``python benchmarks/bench.py``.
"""

from __future__ import annotations

import os
import random
import runpy
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from auctionrules.engine import Game, compile_rules, play_game
from auctionrules.engine.agents import default_agents
from auctionrules.engine.rules import Rules
from auctionrules.loader import load_ruleset

#: Where the yardstick lives next to a checkout (``<checkout>/../shared/bench``).
DEFAULT_REFSIM = Path(__file__).resolve().parents[4] / "shared" / "bench" / "refsim.py"


def refsim_path() -> Path | None:
    """Where the yardstick is, or ``None`` if it is not there."""
    path = Path(os.environ.get("AUCTIONRULES_REFSIM", DEFAULT_REFSIM))
    return path if path.is_file() else None


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


def time_engine(variant: str, games: int, players: int) -> tuple[float, float]:
    """(games/s, actions/s) of :func:`play_game` (the playout)."""
    rules = compile_rules(load_ruleset(variant), players)
    start = time.process_time()
    for seed in range(games):
        play_game(rules, seed=seed)
    elapsed = time.process_time() - start
    return games / elapsed, count_actions(rules, games) / elapsed


def count_actions(rules: Rules, games: int) -> int:
    """The actions of the benchmark's games, counted untimed (reading the action log
    back from the history is not part of playing)."""
    return sum(len(play_game(rules, seed=seed).log) for seed in range(games))


def time_loop(variant: str, games: int, players: int, checked: bool = True) -> tuple[float, float]:
    """(games/s, actions/s) of the step-by-step loop: ``Game.step`` (checked) or
    ``Game.apply_unchecked``."""
    rules = compile_rules(load_ruleset(variant), players)
    start = time.process_time()
    for seed in range(games):
        game = Game.new(rules=rules, seed=seed)
        agents = default_agents(players, seed)
        to_act, legal = game.to_act, game.legal
        apply = game.step if checked else game.apply_unchecked
        while not game.is_over:
            seat = to_act()[0]
            apply(agents[seat].act(game, legal(seat)), seat)
    elapsed = time.process_time() - start
    return games / elapsed, count_actions(rules, games) / elapsed


def bench(
    games: int, players: Sequence[int], variant: str = "hig-1992-en", repeats: int = 3
) -> list[str]:
    """The report, one line per player count; engine and yardstick runs alternate and
    the best of ``repeats`` of each is kept."""
    ref = refsim_path()
    lines = [
        f"{'players':>7} {'playout g/s':>12} {'actions/s':>10} {'checked g/s':>12} "
        f"{'unchecked g/s':>14} {'refsim g/s':>11} {'ratio':>6} {'checked':>8}"
    ]
    for n in players:
        engine, checked, unchecked = [], [], []
        yardstick: list[tuple[float, float]] = []
        for _ in range(repeats):
            engine.append(time_engine(variant, games, n))
            checked.append(time_loop(variant, games, n))
            unchecked.append(time_loop(variant, games, n, checked=False))
            timed = None if ref is None else time_refsim(ref, max(games, 200), n)
            if timed is not None:
                yardstick.append(timed)
        (eg, ea), (cg, _), (ug, _) = max(engine), max(checked), max(unchecked)
        row = f"{n:>7} {eg:>12.0f} {ea:>10.0f} {cg:>12.0f} {ug:>14.0f}"
        if not yardstick:
            lines.append(f"{row} {'-':>11} {'-':>6} {'-':>8}")
            continue
        rg, _ = max(yardstick)
        lines.append(f"{row} {rg:>11.0f} {eg / rg:>5.2f}x {cg / rg:>7.2f}x")
    lines.append(
        f"{variant}, seeded random agents, invariant checking off. playout: play_game "
        "(Game.playout); checked: to_act/legal/act/Game.step per action; unchecked: "
        "the same with apply_unchecked; ratio: playout / refsim games/s; checked: "
        "checked / refsim games/s (rates per second of process CPU time, best of repeats)"
    )
    if ref is None:
        lines.append("refsim.py not found (set AUCTIONRULES_REFSIM); engine figures only")
    elif any(line.endswith("-") for line in lines[1:-1]):
        lines.append("-: the yardstick cannot play that many players (it knows 3 to 5)")
    return lines
