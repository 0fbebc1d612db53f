"""Speed of OpenSpiel's ``random_sim_test`` on the Python game:
``python benchmarks/openspiel_sim.py [--games 10] [--repeats 3]``.

Runs ``pyspiel.random_sim_test(game, num_sims=games, serialize=True)`` (the test
suite's call: every state cloned and compared, the observation and information
state of every seat read, states serialised and read back) on ``hig-1992-en``
at 4 players and ``hig-1992-fr`` with the mystery hand at 3 (random dummy
cards), and for scale on OpenSpiel's own ``python_kuhn_poker``; prints games/s
and milliseconds a game, per second of process CPU time (the machine may be
busy), best of ``--repeats`` runs. Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python.games import kuhn_poker  # noqa: F401 - registers python_kuhn_poker

from auctionrules.envs.openspiel import load

CASES = (("hig-1992-en", 4, ()), ("hig-1992-fr", 3, ("mystery-hand",)))


def best_rate(game: pyspiel.Game, games: int, repeats: int) -> float:
    """Games per CPU second, best of ``repeats`` runs."""
    best = 0.0
    for _ in range(repeats):
        start = time.process_time()
        pyspiel.random_sim_test(game, num_sims=games, serialize=True, verbose=False)
        best = max(best, games / (time.process_time() - start))
    return best


def main(argv: list[str] | None = None) -> None:
    """Print games/s for each case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'game':36s} {'games/s':>9s} {'ms/game':>9s}")
    for variant, players, modules in CASES:
        rate = best_rate(load(variant, players, modules), args.games, args.repeats)
        name = f"{variant}{'+' + '+'.join(modules) if modules else ''} {players}p"
        print(f"{name:36s} {rate:9.2f} {1000 / rate:9.1f}")
    rate = best_rate(pyspiel.load_game("python_kuhn_poker"), 50 * args.games, args.repeats)
    print(f"{'python_kuhn_poker (OpenSpiel)':36s} {rate:9.2f} {1000 / rate:9.1f}")


if __name__ == "__main__":
    main()
