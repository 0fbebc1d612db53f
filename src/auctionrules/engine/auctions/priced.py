"""What the auctions of a named price share: the fixed price and the descending auction.

In both the auctioneer names a price first and the others may then buy at it or
pass; they differ in what follows a round of passes. The rules they share (a broke
auctioneer keeps the lot, the range of a price, who may buy) are written here once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from auctionrules.engine import history as entry
from auctionrules.engine.actions import BUY, PASS, Action, Price
from auctionrules.engine.asking import Asking, Question
from auctionrules.engine.auctions.base import Auction, Settlement, free
from auctionrules.engine.lot import BIDDING, PRICING, Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: A buyer's question who can pay (questions are immutable: a constant one is made once).
_BUY_OR_PASS: Final = Question((BUY, PASS))
_PASS_ONLY: Final = (PASS,)


class PricedAuction(Auction):
    """An auction whose auctioneer names a price that the others may buy at in turn."""

    __slots__ = ()
    #: what the auctioneer is asked to name, in a refusal's words
    naming = "the price"

    def start(self, game: State, lot: Lot) -> Settlement | None:
        lot.stage, lot.asker = PRICING, lot.auctioneer
        if game.price_range(lot.auctioneer) is None:  # (a broke auctioneer keeps the lot)
            return free(lot.auctioneer)
        return None

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        price = lot.price
        if price is None:
            return Question((), price=game.price_range(seat),
                            note=f"the auctioneer must name {self.naming}: price N")
        if game.cash[seat] >= price:
            return _BUY_OR_PASS
        return Question(_PASS_ONLY, note=f"the price {price} is more than the buyer's cash")

    @staticmethod
    def priced(ask: Asking, lot: Lot, action: Action, order: tuple[int, ...]) -> None:
        """The auctioneer named ``action``'s price: logged, and the buyers asked in
        ``order`` from its first seat."""
        assert type(action) is Price  # (checked against the question)
        raw = ask.raw
        raw.append(entry.price(ask.number, lot.auctioneer, action.amount))
        lot.stage, lot.price = BIDDING, action.amount
        lot.order, lot.pos = order, 0
        lot.asker = order[0]


def named_price(lot: Lot) -> int:
    """The price named for ``lot`` (once the auctioneer named it)."""
    price = lot.price
    assert price is not None
    return price
