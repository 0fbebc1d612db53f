"""Instructions a decision, counted by valgrind: ``python benchmarks/instructions.py``.

``auctionrules bench`` times the loops; on a machine shared with other jobs its
ratios move by a tenth from run to run, which hides any change smaller than
that. valgrind's callgrind counts the instructions a process runs, the same
count on every run of the same code, whatever else the machine does. So this
script runs each loop of ``bench`` in a child process under callgrind, once with
``--games`` games and once with none (the imports, the ruleset, the yardstick's
loading), and reports the difference per decision, and the yardstick's count a
decision over the loop's (the ratio ``bench`` reports, in instructions).

Instructions are not time: a loop that runs more instructions a cycle (the
yardstick's one flat function) is faster than its count says. Use the counts to
compare two versions of the engine (``--src`` another tree's ``src``), and
``bench`` for the figures.

Needs ``valgrind`` (Debian: ``apt-get install valgrind``) and the yardstick (found
as ``auctionrules bench`` finds it).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import runpy
import shutil
import subprocess
import sys
from typing import Any

from auctionrules.bench import ReadingAgent
from auctionrules.cli.bench import find_refsim
from auctionrules.engine import Game
from auctionrules.engine.agents import default_agents
from auctionrules.engine.rules import compile_rules
from auctionrules.loader import load_ruleset

#: The loops, as ``bench`` names them, and the child's name for each.
LOOPS = {
    "yardstick": "refsim",
    "playout": "playout",
    "step loop (no view)": "step",
    "agent loop (README)": "readme",
    "mixed": "mixed",
    "mixed, agent loop": "mixed-steps",
}


def child(args: argparse.Namespace) -> None:
    """Play ``args.games`` games of the loop ``args.child``; with ``args.tally``, print
    the decisions made (read from the games' logs: a run that is counted does not
    tally)."""
    gc.disable()  # (collections are counted too, and depend on what ran before)
    loop, games, players = args.child, args.games, args.players
    if loop == "refsim":
        play = runpy.run_path(args.refsim)["play_game"]
        rng, made = random.Random(1), [0]
        for _ in range(games):
            play(players, rng, made)
        print(made[0])
        return
    rules = compile_rules(load_ruleset(args.variant), players)
    decisions = 0
    for seed in range(games):
        game = Game.new(rules=rules, seed=seed)
        agents: list[Any] = list(default_agents(players, seed))
        if loop in ("mixed", "mixed-steps"):
            agents[0] = ReadingAgent(f"{seed}/0")
        if loop in ("playout", "mixed"):
            game.playout(agents)
        elif loop == "step":
            while not game.is_over:
                seat = game.to_act()[0]
                game.apply(agents[seat].act(None, game.legal(seat)), seat)
        else:
            while not game.is_over:
                seat = game.to_act()[0]
                game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
        if args.tally:
            decisions += len(game.log)
    print(decisions)


def count(loop: str, games: int, args: argparse.Namespace) -> tuple[int, int]:
    """(instructions, decisions) of ``games`` games of ``loop``: the instructions of a
    child run under callgrind, the decisions of a second child run, not counted."""
    # (string hashes are salted per process: they move the layout of dicts and sets,
    # and with it the count, by about 1 %; a fixed seed makes the count repeat)
    env = dict(os.environ, PYTHONHASHSEED="0")
    if args.src:
        env["PYTHONPATH"] = args.src
    command = [
        sys.executable, __file__, "--child", loop, "--games", str(games),
        "--players", str(args.players), "--variant", args.variant, "--refsim", args.refsim,
    ]
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    run = subprocess.run(valgrind + command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"no count from valgrind:\n{run.stderr[-2000:]}")
    tallied = subprocess.run(
        [*command, "--tally"], capture_output=True, text=True, env=env, check=True
    )
    return int(found.group(1)), int(tallied.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="hig-1992-en")
    parser.add_argument("--refsim", default="")
    parser.add_argument("--src", default="", help="another tree's src to count")
    parser.add_argument("--child", default="")
    parser.add_argument("--tally", action="store_true")
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind not found (Debian: apt-get install valgrind)")
    if not args.refsim:
        found = find_refsim(None)
        if found is None:
            raise SystemExit("refsim.py not found: --refsim PATH or AUCTIONRULES_REFSIM")
        args.refsim = str(found)
    per: dict[str, float] = {}
    for name, loop in LOOPS.items():
        empty, _ = count(loop, 0, args)
        full, decisions = count(loop, args.games if loop != "refsim" else 5 * args.games, args)
        per[name] = (full - empty) / decisions
    yardstick = per["yardstick"]
    print(f"{args.variant}, {args.players} players, {args.games} games, seeded random agents")
    for name, value in per.items():
        print(f"{name:<22} {value:>9,.0f} instructions a decision  {yardstick / value:5.2f}x")
    # (as ``bench`` places it: between the playout and the same agents in the agent loop)
    where = (per["mixed"] - per["playout"]) / (per["mixed, agent loop"] - per["playout"])
    print(f"the mixed game is {where:.2f} of the way from the playout to the same agents "
          "in the agent loop")


if __name__ == "__main__":
    main()
