"""Open and once-around auctions: a standing bid raised or passed, turn after turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from auctionrules.engine import history as entry
from auctionrules.engine.actions import PASS, Bid, Limit
from auctionrules.engine.asking import Asking, Question
from auctionrules.engine.auctions.base import NO_BID, Auction, Run, Settlement, sold
from auctionrules.engine.lot import Lot
from auctionrules.engine.money import Bidding
from auctionrules.engine.rules import Rules

if TYPE_CHECKING:
    from auctionrules.engine.state import State

_PASS_ONLY: Final = (PASS,)
#: The barred auctioneer's question (questions are immutable: a constant one is made once).
_BARRED: Final = Question(
    _PASS_ONLY, note="the auctioneer may not bid on their own lot; only pass"
)


class _Bidding(Auction):
    """Shared by open and once-around: a standing bid raised by ``bid N`` or passed,
    until the speaking order closes it.

    The two differ in who is asked first and next (:meth:`opening`,
    :meth:`after_bid`, :meth:`after_pass`: the ``open.ending`` strategy's, or each
    seat once in order), whether the auctioneer may bid, and whether a seat may say
    a limit (open only).
    """

    __slots__ = ()

    def opening(self, game: State, lot: Lot) -> int | None:
        """Set the lot up; the first seat asked (``None``: nobody may bid)."""
        raise NotImplementedError

    def after_bid(self, game: State, lot: Lot, seat: int) -> int | None:
        """Who is asked after ``seat`` bid; ``None``: the lot is settled."""
        raise NotImplementedError

    def after_pass(self, game: State, lot: Lot, seat: int) -> int | None:
        """Who is asked after ``seat`` passed; ``None``: the lot is settled."""
        raise NotImplementedError

    def barred(self, rules: Rules) -> bool:
        """Whether the auctioneer may not bid on their own lot (``auctioneer_may_bid``)."""
        raise NotImplementedError

    def limited(self) -> bool:
        """Whether a seat may say a limit where it may bid (the limit's range:
        :meth:`Bidding.limits <auctionrules.engine.money.Bidding.limits>`)."""
        return False

    def start(self, game: State, lot: Lot) -> Settlement | None:
        asker = self.opening(game, lot)
        if asker is None:
            return NO_BID  # (nobody may bid, so nobody bid)
        lot.asker = asker
        return None

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        if seat == lot.auctioneer and self.barred(game.rules):
            return _BARRED
        bidding = game._bidding
        lo = bidding.floor(lot.high)
        span = bidding.span(lo, game.cash[seat])
        if span is None:
            return Question(_PASS_ONLY, note=f"the lowest bid, {lo}, is more than the cash")
        return Question(_PASS_ONLY, span, None, self.limited())

    def run(self, ask: Asking, lot: Lot) -> Run:
        """Each seat asked raises or passes; a seat on a limit (open auctions) is not
        asked: the engine answers for it (:meth:`Bidding.answer
        <auctionrules.engine.money.Bidding.answer>`); once every seat able to raise is
        on one, a seat that can only pass is not asked either
        (:func:`only_limits_raise`)."""
        game, raw, number = ask.game, ask.raw, ask.number
        bidding, cash = game._bidding, game.cash
        barred = lot.auctioneer if self.barred(game.rules) else None
        limits = lot.limits  # (None while nobody said a limit in this lot)
        seat = lot.asker
        while True:
            lo = bidding.floor(lot.high)
            cap = limits[seat] if limits else None
            automatic = cap is not None
            if cap is not None:  # the seat is not asked: the engine answers on its limit
                amount = Bidding.answer(cap, lo, seat, lot.high_bidder)
            elif limits and (seat == barred or cash[seat] < lo) and only_limits_raise(
                lot, cash, lo, barred
            ):
                amount, automatic = None, True  # (it could only pass, and the lot is settling)
            else:
                question = self.question(game, lot, seat)
                action = ask.chosen(seat, question)
                if action is None:  # (no choice agent: the caller answers)
                    _, action = yield question.legal(seat)
                if type(action) is Bid:
                    amount = action.amount
                elif type(action) is Limit:  # said once; the engine answers at once
                    said = action.amount
                    if not limits:
                        lot.limits = limits = [None] * lot.n
                    limits[seat] = said
                    raw.append(entry.limit(number, seat, said, said < lo))
                    amount = Bidding.answer(said, lo, seat, lot.high_bidder)
                    automatic = True
                else:
                    amount = None
            if amount is not None:
                lot.high, lot.high_bidder = amount, seat
                lot.bids.append((seat, amount))
                if automatic:
                    raw.append(entry.automatic_bid(number, seat, amount))
                else:
                    raw.append(entry.bid(number, seat, amount))
                nxt = self.after_bid(game, lot, seat)
            else:
                if automatic:
                    raw.append(entry.automatic_pass(number, seat))
                else:
                    raw.append(ask.pass_of[seat])
                nxt = self.after_pass(game, lot, seat)
            if nxt is None:
                high_bidder = lot.high_bidder
                return NO_BID if high_bidder is None else sold(high_bidder, lot.high)
            lot.asker = seat = nxt


class OpenAuction(_Bidding):
    """Open auction: who is asked and when it ends is the ``open.ending`` strategy; a
    seat may say a limit, and the engine bids for it up to that limit."""

    __slots__ = ()
    name = "open"

    def opening(self, game: State, lot: Lot) -> int | None:
        return game._ending.first(lot)

    def after_bid(self, game: State, lot: Lot, seat: int) -> int | None:
        return game._ending.after_bid(lot, seat)

    def after_pass(self, game: State, lot: Lot, seat: int) -> int | None:
        return game._ending.after_pass(lot, seat)

    def barred(self, rules: Rules) -> bool:
        return rules.open_auctioneer_barred

    def limited(self) -> bool:
        return True


class OnceAround(_Bidding):
    """Once around: one chance each from the auctioneer's left, the auctioneer last
    (or first, ``once_around.auctioneer_turn``); each bid above the last."""

    __slots__ = ()
    name = "once-around"

    def opening(self, game: State, lot: Lot) -> int | None:
        rules = game.rules
        order = rules.orders[lot.auctioneer]
        if rules.once_auctioneer_first:
            order = order[-1:] + order[:-1]
        lot.order, lot.pos = order, 0
        return order[0]

    def after_bid(self, game: State, lot: Lot, seat: int) -> int | None:
        return lot.asker if lot.ask_next() else None

    def after_pass(self, game: State, lot: Lot, seat: int) -> int | None:
        return lot.asker if lot.ask_next() else None

    def barred(self, rules: Rules) -> bool:
        return rules.once_auctioneer_barred


def only_limits_raise(lot: Lot, cash: tuple[int, ...], lo: int, barred: int | None) -> bool:
    """Whether every seat still able to raise (not barred, not out, with ``lo`` in
    hand) is on a limit: the engine then settles the lot without asking anyone, and a
    seat that could only pass passes unasked."""
    limits = lot.limits
    assert limits is not None
    for seat in range(lot.n):
        able = seat != barred and cash[seat] >= lo and not lot.out >> seat & 1
        if able and limits[seat] is None:
            return False
    return True
