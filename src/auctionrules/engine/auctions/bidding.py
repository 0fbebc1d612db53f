"""Open, once-around and sealed auctions: players bid amounts, the highest wins."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from auctionrules.engine.actions import Action, Bid, Limit, Pass
from auctionrules.engine.auctions.base import (
    NO_BID,
    UNSOLD,
    Auction,
    Settlement,
    range_reason,
    sold,
)
from auctionrules.engine.lot import Lot
from auctionrules.engine.money import Bidding
from auctionrules.engine.rules import RE_BID_OR_UNSOLD, TIE_BREAK

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: Who is asked after ``seat`` bid or passed: ``successor(lot, seat)``, ``None`` = over.
Successor = Callable[[Lot, int], "int | None"]


class _Bidding(Auction):
    """Shared by open and once-around: a standing bid raised by ``bid N`` or passed.

    The two differ only in who is asked first (:meth:`opening`) and next (the
    successors :mod:`auctionrules.engine.decisions` takes: the ``open.ending``
    strategy's, or :func:`next_in_order`).
    """

    __slots__ = ()

    def opening(self, game: State, lot: Lot) -> int | None:
        """Set the lot up; the first seat asked (``None``: nobody may bid)."""
        raise NotImplementedError

    def start(self, game: State, lot: Lot) -> Settlement | None:
        asker = self.opening(game, lot)
        if asker is None:
            return NO_BID  # (nobody may bid, so nobody bid)
        lot.asker = asker
        return None

    def barred(self, game: State) -> bool:
        """Whether the auctioneer may not bid on their own lot (``auctioneer_may_bid``)."""
        raise NotImplementedError

    def check(self, game: State, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            if seat == lot.auctioneer and self.barred(game):
                return "the auctioneer may not bid on their own lot; only pass"
            return range_reason("bid", action.amount, game.bid_range(seat, lot.high))
        if isinstance(action, Limit):
            return self.check_limit(game, lot, seat, action.amount)
        return f"a {self.name} auction is running: bid or pass"

    def check_limit(self, game: State, lot: Lot, seat: int, amount: int) -> str | None:
        """Why a limit of ``amount`` by ``seat`` is illegal, or ``None`` (only an open
        auction takes limits)."""
        return f"a limit is for an open auction; in a {self.name} auction bid or pass"


class OpenAuction(_Bidding):
    """Open auction: who is asked and when it ends is the ``open.ending`` strategy."""

    __slots__ = ()
    name = "open"

    def opening(self, game: State, lot: Lot) -> int | None:
        return game.rules.open_ending.first(lot)

    def barred(self, game: State) -> bool:
        return game.rules.open_auctioneer_barred

    def check_limit(self, game: State, lot: Lot, seat: int, amount: int) -> str | None:
        if seat == lot.auctioneer and self.barred(game):
            return "the auctioneer may not bid on their own lot; only pass"
        return range_reason("limit", amount, Bidding.limits(game.bid_range(seat, lot.high)))

    def start(self, game: State, lot: Lot) -> Settlement | None:
        # (_Bidding.start with the opening in place: once per open lot)
        asker = game.rules.open_ending.first(lot)
        if asker is None:
            return NO_BID
        lot.asker = asker
        return None


class OnceAround(_Bidding):
    """Once around: one chance each from the auctioneer's left, the auctioneer last
    (or first, ``once_around.auctioneer_turn``); each bid above the last."""

    __slots__ = ()
    name = "once-around"

    def opening(self, game: State, lot: Lot) -> int | None:
        order = game.rules.orders[lot.auctioneer]
        if game.rules.once_auctioneer_first:
            order = order[-1:] + order[:-1]
        lot.order, lot.pos = order, 0
        return order[0]

    def start(self, game: State, lot: Lot) -> Settlement | None:
        lot.asker = self.opening(game, lot)  # type: ignore[assignment]  # (never None)
        return None

    def barred(self, game: State) -> bool:
        return game.rules.once_auctioneer_barred


def only_limits_raise(lot: Lot, cash: tuple[int, ...], lo: int, barred: int) -> bool:
    """Whether every seat still able to raise (not barred, not out, with ``lo`` in
    hand) is on a limit: the engine then settles the lot without asking anyone, and a
    seat that could only pass passes unasked."""
    limits = lot.limits
    for seat in range(lot.n):
        able = seat != barred and cash[seat] >= lo and not lot.out >> seat & 1
        if able and limits[seat] is None:
            return False
    return True


def next_in_order(lot: Lot, seat: int) -> int | None:
    """The next seat of the lot's speaking order, bid or pass alike."""
    lot.pos += 1
    return lot.order[lot.pos] if lot.pos < len(lot.order) else None


class SealedAuction(Auction):
    """Sealed bids: everyone bids once in secret (``pass`` is an empty fist); the
    highest wins, ties by the ``sealed.tie_break`` strategy, or (``sealed.ties``) by
    a second sealed bid of the tied players only.

    During that re-bid ``lot.high`` is the tied bid and ``lot.bids`` the tied seats
    with it (both public since the reveal), and the others' sealed bids are 0, so a
    re-bid needs no field of its own: a bid tops the tied one, an empty fist keeps it.
    """

    __slots__ = ()
    name = "sealed"

    def start(self, game: State, lot: Lot) -> Settlement | None:
        lot.sealed = [None] * lot.n
        return None

    def check(self, game: State, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            return range_reason("bid", action.amount, game.bid_range(seat, lot.high))
        return "a sealed auction is running: bid or pass"

    @staticmethod
    def reveal(game: State, lot: Lot) -> tuple[list[int], Settlement | None]:
        """Every seat has bid: open the fists. The bids opened (one per seat, 0 for an
        empty fist: the flow logs them) and the settlement: the sale, nobody bid, or
        under ``sealed.ties`` a second tie left unsold; ``None`` after a first tie (the
        tied players' sealed bids are reset: they bid once more)."""
        bids = [b or 0 for b in lot.sealed]
        best = max(bids)
        if best <= 0:
            return bids, NO_BID
        rules = game.rules
        ties = rules.sealed_ties
        if ties != TIE_BREAK and bids.count(best) > 1:  # (re-bid, re-bid-or-unsold)
            if lot.high == 0:  # the first tie: the tied bid again, the others are out
                lot.high = best
                lot.sealed = [None if b == best else 0 for b in bids]
                lot.bids = [(s, best) for s, b in enumerate(bids) if b == best]  # (public)
                return bids, None
            if ties == RE_BID_OR_UNSOLD:
                return bids, UNSOLD
        for s in rules.sealed_tie_break.order(lot.auctioneer, lot.n):
            if bids[s] == best:
                lot.high, lot.high_bidder = best, s
                return bids, sold(s, best)
        raise AssertionError("a tie-break order names every seat")
