"""OpenSpiel's Python IS-MCTS playing a house variant file against random bots.

    python docs/examples/ismcts_custom_variant.py --games 4 --simulations 40

The variant is ``club.yaml`` beside this script (the English edition with the
mystery hand and single-beneficiary doubles, open auctions where a pass is
final, a steeper ranking); any variant file or bundled id works with
``--variant``. Seat 0 is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``
with random rollouts; it samples the hidden cards through the game's
``resample_from_infostate`` (the engine's determinization). The other seats
play uniformly random legal moves. (OpenSpiel 2.0.2's C++ ``ISMCTSBot``
crashes on Python games; this is the Python one.) Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from auctionrules.envs.openspiel import load

HERE = Path(__file__).resolve().parent


def play(game: object, bot: ismcts.ISMCTSBot, rng: np.random.RandomState) -> list[float]:
    """One game: the bot as seat 0, random seats elsewhere; the returns."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():  # (a card dealt, a dummy card turned over)
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def main(argv: list[str] | None = None) -> list[list[float]]:
    """Play the games; print each result and the bot's wins."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default=str(HERE / "club.yaml"))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--buckets", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = load(args.variant, args.players, bid_buckets=args.buckets)
    rng = np.random.RandomState(args.seed)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
    )
    results = []
    for number in range(args.games):
        returns = play(game, bot, rng)
        results.append(returns)
        print(f"game {number + 1}: returns {returns}")
    wins = sum(r[0] > 0 for r in results)
    print(f"IS-MCTS won {wins} of {args.games} games against {args.players - 1} random bots")
    return results


if __name__ == "__main__":
    main()
