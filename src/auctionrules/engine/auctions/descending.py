"""The descending (Dutch) auction: the price falls until somebody buys.

A house rule: no card prints it, but a card symbol may be played as one
(``auctions.<symbol>.played_as: descending``; a double whose second card is
played so is a descending lot).
"""

from __future__ import annotations

from auctionrules.engine import history as entry
from auctionrules.engine.actions import Buy
from auctionrules.engine.asking import Asking
from auctionrules.engine.auctions.base import Run, free, sold
from auctionrules.engine.auctions.priced import PricedAuction, named_price
from auctionrules.engine.lot import Lot


class DescendingAuction(PricedAuction):
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
    naming = "the starting price"

    def run(self, ask: Asking, lot: Lot) -> Run:
        game, raw = ask.game, ask.raw
        rules = game.rules
        if lot.price is None:
            seat = lot.auctioneer
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            self.priced(ask, lot, action, rules.orders[lot.auctioneer])
        while True:
            seat, price = lot.asker, named_price(lot)
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
