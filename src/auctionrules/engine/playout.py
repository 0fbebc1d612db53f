"""Playing a game to its end with agents: the loop behind :meth:`Game.playout`.

With agents that decide from the shape of the legal moves alone
(:class:`~auctionrules.engine.agents.ChoiceAgent`, such as
:class:`~auctionrules.engine.agents.RandomAgent`) the loop skips building the
questions: each phase asks the agent with plain numbers (how many cards it may
lead, which bid range) and makes the state change :meth:`Game.step` would make,
through the same strategies. That is the fast path of random rollouts, for
search and learning agents that play thousands of games; it plays exactly the
game the step-by-step loop plays, action for action (``tests/engine/
test_fast_paths.py``). Any other agent gets the step-by-step loop, every action
checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.actions import FLIP, PASS
from auctionrules.engine.agents import Agent, plays_by_choice
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.flow import AUCTION, LEAD, OVER

if TYPE_CHECKING:
    from auctionrules.engine.game import Game

_FLIP_OR_PASS = (FLIP, PASS)


def playout(game: Game, agents: Sequence[Agent]) -> None:
    """Play ``game`` to its end, ``agents[seat]`` choosing for each seat."""
    if len(agents) != game.n:
        raise ValueError(f"{len(agents)} agents for {game.n} seats: give one per seat")
    if not plays_by_choice(agents):
        to_act, legal, step = game.to_act, game.legal, game.step
        while game.phase != OVER:
            seat = to_act()[0]
            step(agents[seat].act(game, legal(seat)), seat)
        return
    chooser = list(agents)
    game._acting = game._legal = None
    leadable, lead = game.leadable, game._lead
    while True:
        phase = game.phase
        if phase == AUCTION:
            lot = game.lot
            assert lot is not None
            AUCTIONS[lot.kind].playout(game, lot, chooser)
        elif phase == LEAD:
            seat = game.turn
            codes = leadable(seat)
            lead(seat, codes[chooser[seat].pick(len(codes))])
        elif phase == OVER:
            return
        else:  # a player may turn over a dummy card
            seat = game.flipper
            game._do(seat, _FLIP_OR_PASS[chooser[seat].pick(2)])
