"""The fixed-price auction: the auctioneer names a price, the others may buy in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from auctionrules.engine.actions import Buy
from auctionrules.engine.asking import Asking
from auctionrules.engine.auctions.base import UNSOLD, Run, Settlement, free, sold
from auctionrules.engine.auctions.priced import PricedAuction, named_price
from auctionrules.engine.lot import Lot
from auctionrules.engine.rules import AUCTIONEER_BUYS, AUCTIONEER_TAKES_FREE

if TYPE_CHECKING:
    from auctionrules.engine.state import State

class FixedPriceAuction(PricedAuction):
    """Fixed price: the auctioneer names a price, then from the left each may buy;
    if nobody does, the auctioneer buys (or takes it free, or it stays unsold:
    ``fixed_price.nobody_buys``).

    The price is at most the auctioneer's cash (``max_price: auctioneer-cash``) or any
    (``unlimited``, up to the rules' bound on anybody's money, which says nothing of
    the others' cash behind screens; a price above the auctioneer's cash that nobody
    buys leaves the lot unsold or costs the auctioneer all they have,
    ``above_cash``). Under a capped price, an auctioneer with less than the minimum bid
    offers the lot for nothing or keeps it (``broke_auctioneer``).
    """

    __slots__ = ()
    name = "fixed-price"
    naming = "the fixed price"

    def run(self, ask: Asking, lot: Lot) -> Run:
        game, raw = ask.game, ask.raw
        if lot.price is None:
            seat = lot.auctioneer
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            self.priced(ask, lot, action, game.rules.orders[lot.auctioneer][:-1])
        while True:
            seat = lot.asker
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            if type(action) is Buy:
                raw.append(ask.buy_of[seat])
                return sold(seat, named_price(lot))
            raw.append(ask.pass_of[seat])
            if not lot.ask_next():
                return self.nobody_buys(game, lot)

    @staticmethod
    def nobody_buys(game: State, lot: Lot) -> Settlement:
        """Everyone passed: ``fixed_price.nobody_buys`` says what the auctioneer does:
        buy, take the lot free or leave it unsold.

        A price above the auctioneer's cash (``max_price: unlimited``) is settled by
        ``fixed_price.above_cash``: the lot is unsold (naming a price one cannot pay
        wins nothing), or the auctioneer pays all their cash for it.
        """
        rules = game.rules
        nobody_buys = rules.nobody_buys
        if nobody_buys == AUCTIONEER_BUYS:
            cash, price = game.cash[lot.auctioneer], named_price(lot)
            if price <= cash or not rules.above_cash_unsold:
                return sold(lot.auctioneer, min(price, cash))
            return UNSOLD
        if nobody_buys == AUCTIONEER_TAKES_FREE:
            return free(lot.auctioneer)
        return UNSOLD  # (nobody_buys: unsold)
