"""The double auction: a second card of the artist is added, then its type runs the sale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from auctionrules.engine.actions import PASS, Add
from auctionrules.engine.asking import Asking, Question
from auctionrules.engine.auctions.base import UNSOLD, Added, Auction, Run, Settlement, free
from auctionrules.engine.cards import artist_of
from auctionrules.engine.legal import place_of
from auctionrules.engine.lot import CHOOSING, Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State


class DoubleAuction(Auction):
    """A double card: from its leader round the table (``double.who_may_add``) each
    may add a second card of the artist that is not a double; the lot is then
    auctioned by the second card's type (the round flow lays it:
    :func:`~auctionrules.engine.flow.place_second`). Nobody adds: ``double.nobody_adds``.
    """

    __slots__ = ()
    name = "double"

    def start(self, game: State, lot: Lot) -> Settlement | None:
        rules = game.rules
        order = rules.orders[lot.leader]
        order = order[-1:] + order[:-1] if rules.anyone_may_add else (lot.leader,)
        lot.stage, lot.order, lot.pos, lot.asker = CHOOSING, order, 0, order[0]
        return None

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        """The seat's cards that may join the double, and a pass unless the seat led
        it under the companion rule (it led the double *because* it holds a companion,
        and must add it: the double may not go round the table for free)."""
        adds = game._adds
        offer = tuple([adds[code] for code in game.companions(seat, lot.cards[0])])
        artist = game.rules.codec.artist_ids[artist_of(lot.cards[0])]
        rule = f"the second card must be of the double's artist ({artist}) and not a double"
        if game._companion_rule and seat == lot.leader and lot.pos == 0:
            return Question(offer, note=f"{rule}; under the companion rule the leader must "
                            "add the second card")
        return Question((*offer, PASS), note=rule)

    def run(self, ask: Asking, lot: Lot) -> Run:
        game, raw = ask.game, ask.raw
        first = lot.cards[0]
        while True:
            seat = lot.asker
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            if type(action) is Add:  # the lot goes on as the second card's type
                companions = game.companions(seat, first)
                return Added(seat, companions[place_of(action, question.actions)])
            raw.append(ask.pass_of[seat])
            if not lot.ask_next():
                return UNSOLD if game.rules.nobody_adds_unsold else free(lot.leader)
