"""The sealed auction: everyone bids once in secret; the highest bid wins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from auctionrules.engine import history as entry
from auctionrules.engine.actions import PASS, Bid
from auctionrules.engine.agents import choose
from auctionrules.engine.asking import Asking, Question
from auctionrules.engine.auctions.base import NO_BID, UNSOLD, Auction, Run, Settlement, sold
from auctionrules.engine.lot import REBID, SEALED, Lot
from auctionrules.engine.rules import RE_BID_OR_UNSOLD, TIE_BREAK

if TYPE_CHECKING:
    from auctionrules.engine.state import State

_PASS_ONLY: Final = (PASS,)


class SealedAuction(Auction):
    """Sealed bids: everyone bids once in secret (``pass`` is an empty fist), in any
    order; the highest wins, ties by the ``sealed.tie_break`` strategy, or
    (``sealed.ties``) by a second sealed bid of the tied players only.

    During that re-bid ``lot.high`` is the tied bid and ``lot.bids`` the tied seats
    with it (both public since the reveal), and the others' sealed bids are 0, so a
    re-bid needs no field of its own: a bid tops the tied one, an empty fist keeps it.
    """

    __slots__ = ()
    name = "sealed"

    def start(self, game: State, lot: Lot) -> Settlement | None:
        lot.stage, lot.sealed = SEALED, [None] * lot.n
        return None

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        return Question(_PASS_ONLY, game.bid_range(seat, lot.high))

    def run(self, ask: Asking, lot: Lot) -> Run:
        """Every seat yet to bid may bid: a seat without a choice agent is asked by
        suspending on the seats yet to bid (any of them may answer); then the reveal
        (which, after a first tie under ``sealed.ties``, leaves the lot to the tied
        seats' second bids: ``None``)."""
        game, chooser, raw = ask.game, ask.chooser, ask.raw
        n = game.n
        number, sealed, kept = ask.number, lot.sealed, lot.high
        assert sealed is not None
        for seat in range(n):
            while sealed[seat] is None:
                agent = chooser[seat]
                if agent is None:
                    who, action = yield tuple([s for s in range(n) if sealed[s] is None])
                else:
                    question = self.question(game, lot, seat)
                    who, action = seat, choose(agent, question.actions, question.bid, None)
                amount = action.amount if type(action) is Bid else None
                sealed[who] = amount or kept
                # (the entry keeps the amount for the action log; the event hides it)
                if amount is None:
                    raw.append(ask.empty_fist_of[who])
                else:
                    raw.append(entry.sealed_bid(number, who, amount))
        opened, settled = self.reveal(game, lot)
        raw.append(entry.reveal(number, opened))
        return settled

    @staticmethod
    def reveal(game: State, lot: Lot) -> tuple[list[int], Settlement | None]:
        """Every seat has bid: open the fists. The bids opened (one per seat, 0 for an
        empty fist) and the settlement: the sale, nobody bid, or under ``sealed.ties``
        a second tie left unsold; ``None`` after a first tie (the tied players' sealed
        bids are reset: they bid once more)."""
        bids = [b or 0 for b in lot.sealed or ()]
        best = max(bids)
        if best <= 0:
            return bids, NO_BID
        rules = game.rules
        ties = rules.sealed_ties
        if ties != TIE_BREAK and bids.count(best) > 1:  # (re-bid, re-bid-or-unsold)
            if lot.stage == SEALED:  # the first tie: the tied bid again, the others are out
                lot.stage, lot.high = REBID, best
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

