"""The fixed-price auction: the auctioneer names a price, the others may buy in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from auctionrules.engine import history as entry
from auctionrules.engine.actions import BUY, PASS, Buy, Price
from auctionrules.engine.asking import Asking, Question
from auctionrules.engine.auctions.base import UNSOLD, Auction, Run, Settlement, free, sold
from auctionrules.engine.lot import BIDDING, PRICING, Lot
from auctionrules.engine.rules import AUCTIONEER_BUYS, AUCTIONEER_TAKES_FREE

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: A buyer's question who can pay (questions are immutable: a constant one is made once).
_BUY_OR_PASS: Final = Question((BUY, PASS))
_PASS_ONLY: Final = (PASS,)


class FixedPriceAuction(Auction):
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

    def start(self, game: State, lot: Lot) -> Settlement | None:
        lot.stage, lot.asker = PRICING, lot.auctioneer
        if game.price_range(lot.auctioneer) is None:  # (a broke auctioneer keeps the lot)
            return free(lot.auctioneer)
        return None

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        price = lot.price
        if price is None:
            return Question((), price=game.price_range(seat),
                            note="the auctioneer must name the fixed price: price N")
        if game.cash[seat] >= price:
            return _BUY_OR_PASS
        return Question(_PASS_ONLY, note=f"the price {price} is more than the buyer's cash")

    def run(self, ask: Asking, lot: Lot) -> Run:
        game, raw = ask.game, ask.raw
        if lot.price is None:
            seat = lot.auctioneer
            question = self.question(game, lot, seat)
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            assert type(action) is Price  # (checked against the question)
            raw.append(entry.price(ask.number, seat, action.amount))
            lot.stage, lot.price = BIDDING, action.amount
            lot.order, lot.pos = game.rules.orders[lot.auctioneer][:-1], 0
            lot.asker = lot.order[0]
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


def named_price(lot: Lot) -> int:
    """The price named for ``lot`` (once the auctioneer named it)."""
    price = lot.price
    assert price is not None
    return price
