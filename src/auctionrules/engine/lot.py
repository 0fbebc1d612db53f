"""The lot under the hammer: one mutable record per auction, internal to the engine.

A game creates one :class:`Lot` when a card is led and drops it when the lot is
settled. Strategies (:mod:`auctionrules.engine.policies`) read and update it;
players see it only through a view. It is a plain slotted class rather than a
frozen value because the bidding loop updates it once per decision.
"""

from __future__ import annotations

from typing import Final

from auctionrules.compiled import Reduced, reduced

NOBODY: Final = -1

#: A lot's fields (its slots), for the whole-lot copies and snapshots: named here,
#: not read off the class, so that the module also compiles (mypyc refuses code that
#: reads a class's ``__slots__``; see ``benchmarks/compiled.py``).
FIELDS = (
    "adder", "asker", "auctioneer", "bids", "cards", "high", "high_bidder", "kind", "leader",
    "limits", "n", "order", "out", "passes", "pos", "price", "sealed",
)


class Lot:
    """State of one lot: its cards, sellers and the auction in progress.

    ``leader`` led the first card; ``adder`` added a double's second card
    (``NOBODY`` otherwise); ``auctioneer`` runs the auction; ``kind`` is the
    auction type index; ``high``/``high_bidder`` the standing bid; ``asker``
    the player asked now; ``passes`` and ``out`` (a seat bit mask) serve the
    open-auction ending strategies; ``order``/``pos`` walk a fixed speaking
    order (once around, fixed price, adding a double); ``sealed`` holds secret
    bids (``None`` = not yet bid, ``0`` = empty fist); ``price`` the fixed price;
    ``bids`` the public bids of this lot as ``(seat, amount)``; ``limits`` the
    open-auction limits said (per seat the limit or ``None``; empty while nobody
    said one, the usual case, so the bidding loop tests one empty list).
    """

    __slots__ = FIELDS

    def __init__(self, n: int, leader: int, card: int, kind: int) -> None:
        self.n = n
        self.leader = leader
        self.adder = NOBODY
        self.auctioneer = leader
        self.cards = [card]
        self.kind = kind
        self.high = 0
        self.high_bidder = NOBODY
        self.asker = NOBODY
        self.passes = 0
        self.out = 0
        self.order: tuple[int, ...] = ()
        self.pos = 0
        self.sealed: list[int | None] = []
        self.price = 0
        self.bids: list[tuple[int, int]] = []
        self.limits: list[int | None] = []

    def copy(self) -> Lot:
        """An independent copy (for :meth:`Game.clone <auctionrules.engine.Game.clone>`):
        every field of :data:`FIELDS`, the lists copied. Written out field by field:
        a loop over the names with ``getattr`` and ``setattr`` cost nearly three times as
        much, at every clone of a game in an auction."""
        twin = Lot(self.n, self.leader, 0, self.kind)
        twin.adder, twin.auctioneer, twin.asker = self.adder, self.auctioneer, self.asker
        twin.cards, twin.bids, twin.sealed = list(self.cards), list(self.bids), list(self.sealed)
        twin.limits = list(self.limits)
        twin.high, twin.high_bidder, twin.price = self.high, self.high_bidder, self.price
        twin.order, twin.pos, twin.passes, twin.out = self.order, self.pos, self.passes, self.out
        return twin

    def __reduce__(self) -> Reduced:
        return reduced(self, (self.n, self.leader, 0, self.kind))

    def ask_next(self) -> bool:
        """Ask the next seat of ``order``; ``False`` once every seat has spoken.

        Once around, fixed price and adding a double all walk a fixed speaking
        order and differ only in what happens when it runs out.
        """
        self.pos += 1
        if self.pos < len(self.order):
            self.asker = self.order[self.pos]
            return True
        return False
