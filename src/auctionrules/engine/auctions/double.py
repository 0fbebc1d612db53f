"""The double auction: a second card of the artist is added, then its type runs the sale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from auctionrules.engine.actions import Action, Add, Pass
from auctionrules.engine.auctions.base import UNSOLD, Auction, Settlement, free
from auctionrules.engine.cards import DOUBLE, artist_of, auction_of
from auctionrules.engine.lot import Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State


class DoubleAuction(Auction):
    """A double card: from its leader round the table (``double.who_may_add``) each
    may add a second card of the artist that is not a double; the lot is then
    auctioned by the second card's type. Nobody adds: ``double.nobody_adds``."""

    __slots__ = ()
    name = "double"

    def start(self, game: State, lot: Lot) -> Settlement | None:
        rules = game.rules
        order = rules.orders[lot.leader]
        order = order[-1:] + order[:-1] if rules.anyone_may_add else (lot.leader,)
        lot.order, lot.pos, lot.asker = order, 0, order[0]
        return None

    @staticmethod
    def must_add(game: State, lot: Lot, seat: int) -> bool:
        """Under ``lead_requires_companion`` the leader led the double *because* they hold
        its companion, and must add it: the double may not go round the table for free."""
        return game.rules.lead_requires_companion and seat == lot.leader and lot.pos == 0

    def check(self, game: State, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            if self.must_add(game, lot, seat):
                return "under the companion rule the leader must add the second card"
            return None
        if isinstance(action, Add):
            code = game.rules.codec.code(action.card)
            first = lot.cards[0]
            if artist_of(code) != artist_of(first):
                return f"the second card must be of the double's artist ({artist_of(first)})"
            if auction_of(code) == DOUBLE:
                return "the second card may not be a double"
            if code not in game.hands[seat]:
                return f"{action.card} is not in seat {seat}'s hand"
            return None
        return "a double is waiting for a second card: add ARTIST/TYPE or pass"

    @staticmethod
    def nobody_adds(game: State, lot: Lot) -> Settlement:
        """Everyone passed: ``double.nobody_adds`` says what becomes of the double."""
        return UNSOLD if game.rules.nobody_adds_unsold else free(lot.leader)
