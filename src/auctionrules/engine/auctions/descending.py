"""The descending (Dutch) auction: the price falls until somebody buys.

A house rule: no card prints it, but a card symbol may be played as one
(``auctions.<symbol>.played_as: descending``; a double whose second card is
played so is a descending lot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from auctionrules.engine import history as entry
from auctionrules.engine.actions import BUY, PASS, Buy, Price
from auctionrules.engine.asking import Asking, Question
from auctionrules.engine.auctions.base import Auction, Run, Settlement, free, sold
from auctionrules.engine.lot import BIDDING, PRICING, Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: A buyer's question who can pay (questions are immutable: a constant one is made once).
_BUY_OR_PASS: Final = Question((BUY, PASS))
_PASS_ONLY: Final = (PASS,)


class DescendingAuction(Auction):
    """Descending: the auctioneer names a starting price (the range of a fixed
    price); then each player from the auctioneer's left, the auctioneer last, may
    buy at the current price or pass. When all have passed, the price falls by
    ``auctions.descending.step`` and the asking starts again from the left. The
    first to buy pays the current price (to the auctioneer, or the bank when the
    auctioneer buys, as in every auction); a player who cannot pay it may only pass;
    when the price cannot fall further and all pass, the auctioneer keeps the lot
    for nothing.
    """

    __slots__ = ()
    name = "descending"

    def start(self, game: State, lot: Lot) -> Settlement | None:
        lot.stage, lot.asker = PRICING, lot.auctioneer
        if game.price_range(lot.auctioneer) is None:  # (a broke auctioneer keeps the lot)
            return free(lot.auctioneer)
        return None

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        price = lot.price
        if price is None:
            return Question((), price=game.price_range(seat),
                            note="the auctioneer must name the starting price: price N")
        if game.cash[seat] >= price:
            return _BUY_OR_PASS
        return Question(_PASS_ONLY, note=f"the price {price} is more than the buyer's cash")

    def run(self, ask: Asking, lot: Lot) -> Run:
        game, raw = ask.game, ask.raw
        rules = game.rules
        if lot.price is None:
            seat = lot.auctioneer
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            assert type(action) is Price  # (checked against the question)
            raw.append(entry.price(ask.number, seat, action.amount))
            lot.stage, lot.price = BIDDING, action.amount
            lot.order, lot.pos = rules.orders[lot.auctioneer], 0
            lot.asker = lot.order[0]
        while True:
            seat, price = lot.asker, lot.price
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            if type(action) is Buy:
                raw.append(ask.buy_of[seat])
                return sold(seat, price)
            raw.append(ask.pass_of[seat])
            if not lot.ask_next():  # everyone passed: the price falls, or the lot is kept
                fallen = price - rules.descending_step
                if fallen < 0:
                    return free(lot.auctioneer)
                lot.price, lot.pos = fallen, 0
                lot.asker = lot.order[0]
                raw.append(entry.price_falls(ask.number, fallen))
