"""A digest of seeded games on every bundled edition: ``python benchmarks/records.py``.

The compiled and the plain-Python installs run the same source, so they must play
the very same games. ``.ci/run`` prints this digest under each install and
compares them: one digest covers every bundled edition, with and without its
modules, at every player count it allows, a few seeds each, in the random
playout and in the step-by-step loop (where views are made at every decision),
and a four-player game of the built-in agents (compiled too) under each ruleset.
The first line names the install, so a log shows which one spoke.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from auctionrules.agents import make_agent
from auctionrules.engine import COMPILED, Game, RandomAgent, RulesError, play_game
from auctionrules.loader import load_ruleset
from auctionrules.resources import bundled_module_ids, bundled_variant_ids


def digest(seeds: int) -> str:
    """The SHA-256 of the records, in a fixed order."""
    total = hashlib.sha256()
    for variant in bundled_variant_ids():
        for modules in ((), *((module,) for module in bundled_module_ids())):
            try:
                ruleset = load_ruleset(variant, modules=list(modules))
            except Exception:  # (a module this edition does not take)
                continue
            for players in range(2, 7):
                for seed in range(seeds):
                    try:
                        game = play_game(ruleset, players=players, seed=seed)
                    except RulesError:  # (a player count the edition does not allow)
                        break
                    total.update(json.dumps(game.record(), sort_keys=True).encode())
                    total.update(json.dumps(_stepped(game, seed), sort_keys=True).encode())
                    if seed == 0 and players == 4:
                        total.update(json.dumps(_agents(game, seed), sort_keys=True).encode())
    return total.hexdigest()


def _stepped(played: Game, seed: int) -> object:
    """The same deal played step by step, each seat handed its view: the record and the
    last view of every seat."""
    game = Game.new(rules=played.rules, seed=seed)
    agents = [RandomAgent(f"{seed}/{seat}") for seat in range(game.state.n)]
    while not game.is_over:
        seat = game.to_act()[0]
        view = game.view(seat)
        game.apply(agents[seat].act(view, game.legal(seat)), seat)
    return [game.record(), [game.view(seat).to_dict() for seat in range(game.state.n)]]


def _agents(played: Game, seed: int) -> object:
    """The same deal played by the built-in agents: a shallow search, a random player and
    the heuristic at the other seats; the record."""
    game = Game.new(rules=played.rules, seed=seed)
    names = ["ismcts:iterations=2", "random", *["heuristic"] * (game.state.n - 2)]
    game.playout([make_agent(name, seed=f"{seed}/{seat}") for seat, name in enumerate(names)])
    return game.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    print(f"engine: {'compiled' if COMPILED else 'pure Python'}")
    print(digest(args.seeds))


if __name__ == "__main__":
    main()
