"""Open, once-around and sealed auctions: players bid amounts, the highest wins."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from auctionrules.engine.actions import Action, Bid, Pass
from auctionrules.engine.auctions.base import PASS_ONLY, Auction, Sale, range_reason
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import NOBODY, Lot

if TYPE_CHECKING:
    from auctionrules.engine.flow import RoundFlow

#: Who is asked after ``seat`` bid or passed: ``successor(lot, seat)``, ``None`` = over.
Successor = Callable[[Lot, int], "int | None"]


class _Bidding(Auction):
    """Shared by open and once-around: a standing bid raised by ``bid N`` or passed.

    The two differ only in who is asked first (:meth:`opening`) and next
    (:meth:`successors`), so :meth:`start` and :meth:`apply` are written once.
    """

    __slots__ = ()

    def successors(self, game: RoundFlow) -> tuple[Successor, Successor]:
        """``(after_bid, after_pass)``: the seat asked after a bid or a pass by ``seat``
        (``after_bid(lot, seat)``), or ``None`` when the auction is over."""
        raise NotImplementedError

    def opening(self, game: RoundFlow, lot: Lot) -> int | None:
        """Set the lot up; the first seat asked (``None``: nobody may bid)."""
        raise NotImplementedError

    def start(self, game: RoundFlow, lot: Lot) -> None:
        asker = self.opening(game, lot)
        if asker is None:
            self.finish(game, lot)
        else:
            lot.asker = asker

    def legal(self, game: RoundFlow, lot: Lot, seat: int) -> Legal:
        return Legal(seat, PASS_ONLY, game.bid_range(seat, lot.high))

    def check(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            return range_reason("bid", action.amount, game.bid_range(seat, lot.high))
        return f"a {self.name} auction is running: bid or pass"

    def apply(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> None:
        after_bid, after_pass = self.successors(game)
        if action.__class__ is Bid:
            lot.high, lot.high_bidder = action.amount, seat
            lot.bids.append((seat, action.amount))
            game._raw.append(("bid", game.round + 1, seat, action.amount))
            nxt = after_bid(lot, seat)
        else:
            game._raw.append(("pass", game.round + 1, seat))
            nxt = after_pass(lot, seat)
        if nxt is None:
            self.finish(game, lot)
        else:
            lot.asker = nxt

    def finish(self, game: RoundFlow, lot: Lot) -> None:
        """Sell to the high bidder, or apply the no-bid rule."""
        if lot.high_bidder == NOBODY:
            game.no_bid(lot)
        else:
            game.sell(lot, lot.high_bidder, lot.high)


class OpenAuction(_Bidding):
    """Open auction: who is asked and when it ends is the ``open.ending`` strategy."""

    __slots__ = ()
    name = "open"

    def opening(self, game: RoundFlow, lot: Lot) -> int | None:
        return game.rules.open_ending.first(lot)

    def successors(self, game: RoundFlow) -> tuple[Successor, Successor]:
        ending = game.rules.open_ending
        return ending.after_bid, ending.after_pass


class OnceAround(_Bidding):
    """Once around: one chance each from the auctioneer's left, the auctioneer last
    (or first, ``once_around.auctioneer_turn``); each bid above the last."""

    __slots__ = ()
    name = "once-around"

    def opening(self, game: RoundFlow, lot: Lot) -> int | None:
        order = game.rules.orders[lot.auctioneer]
        if game.rules.once_auctioneer_first:
            order = order[-1:] + order[:-1]
        lot.order, lot.pos = order, 0
        return order[0]

    def successors(self, game: RoundFlow) -> tuple[Successor, Successor]:
        return next_in_order, next_in_order


def next_in_order(lot: Lot, seat: int) -> int | None:
    """The next seat of the lot's speaking order, bid or pass alike."""
    lot.pos += 1
    return lot.order[lot.pos] if lot.pos < len(lot.order) else None


class SealedAuction(Auction):
    """Sealed bids: everyone bids once in secret (``pass`` is an empty fist); the
    highest wins, ties by the ``sealed.tie_break`` strategy."""

    __slots__ = ()
    name = "sealed"

    def start(self, game: RoundFlow, lot: Lot) -> None:
        lot.sealed = [None] * lot.n

    def to_act(self, game: RoundFlow, lot: Lot) -> tuple[int, ...]:
        return tuple([s for s, b in enumerate(lot.sealed) if b is None])

    def legal(self, game: RoundFlow, lot: Lot, seat: int) -> Legal:
        return Legal(seat, PASS_ONLY, game.bid_range(seat, 0))

    def check(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            return range_reason("bid", action.amount, game.bid_range(seat, 0))
        return "a sealed auction is running: bid or pass"

    def apply(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> None:
        amount = action.amount if action.__class__ is Bid else None
        lot.sealed[seat] = amount or 0
        # (the entry keeps the amount for the action log; the event hides it)
        game._raw.append(("sealed-bid", game.round + 1, seat, amount))
        if None not in lot.sealed:
            sale = self.reveal(game, lot)
            if sale is None:
                game.no_bid(lot)
            else:
                game.sell(lot, *sale)

    @staticmethod
    def reveal(game: RoundFlow, lot: Lot) -> Sale | None:
        """Every seat has bid: open the fists; the sale, or ``None`` if nobody bid."""
        bids = [b or 0 for b in lot.sealed]
        game._raw.append(("reveal", game.round + 1, {"bids": bids}))
        best = max(bids)
        if best <= 0:
            return None
        for s in game.rules.sealed_tie_break.order(lot.auctioneer, lot.n):
            if bids[s] == best:
                lot.high, lot.high_bidder = best, s
                return s, best
        raise AssertionError("a tie-break order names every seat")
