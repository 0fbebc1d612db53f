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
    "limits", "n", "order", "out", "passes", "pos", "price", "sealed", "stage",
)

#: A lot's stages, named: a double waiting for its second card; a fixed price to be
#: named; bids, purchases or a falling price asked in turn; sealed bids; the tied
#: seats' second sealed bids; settled (the lot left the table).
CHOOSING: Final = "choosing"
PRICING: Final = "pricing"
BIDDING: Final = "bidding"
SEALED: Final = "sealed"
REBID: Final = "rebid"
SETTLED: Final = "settled"


class Lot:
    """State of one lot: its cards, sellers and the auction in progress.

    ``stage`` names where the lot stands (:data:`CHOOSING`, :data:`PRICING`,
    :data:`BIDDING`, :data:`SEALED`, :data:`REBID`, :data:`SETTLED`); ``leader``
    led the first card; ``adder`` added a double's second card (``None``
    otherwise); ``auctioneer`` runs the auction; ``kind`` is the auction type
    index; ``high``/``high_bidder`` the standing bid (``high_bidder`` ``None``
    while nobody bid, ``high`` then 0); ``asker`` the player asked now;
    ``passes`` and ``out`` (a seat bit mask) serve the open-auction ending
    strategies; ``order``/``pos`` walk a fixed speaking order (once around, fixed
    price, adding a double); ``sealed`` holds secret bids (``None`` outside
    sealed bidding; per seat ``None`` = not yet bid, ``0`` = empty fist);
    ``price`` the fixed price (``None`` until named); ``bids`` the public bids of
    this lot as ``(seat, amount)``; ``limits`` the open-auction limits said (per
    seat the limit or ``None``; ``None`` while nobody said one, the usual case).
    """

    __slots__ = FIELDS

    def __init__(self, n: int, leader: int, card: int, kind: int) -> None:
        self.n = n
        self.stage = BIDDING
        self.leader = leader
        self.adder: int | None = None
        self.auctioneer = leader
        self.cards = [card]
        self.kind = kind
        self.high = 0
        self.high_bidder: int | None = None
        self.asker = leader
        self.passes = 0
        self.out = 0
        self.order: tuple[int, ...] = ()
        self.pos = 0
        self.sealed: list[int | None] | None = None
        self.price: int | None = None
        self.bids: list[tuple[int, int]] = []
        self.limits: list[int | None] | None = None

    def copy(self) -> Lot:
        """An independent copy (for :meth:`Game.clone <auctionrules.engine.Game.clone>`):
        every field of :data:`FIELDS`, the lists copied. Written out field by field:
        a loop over the names with ``getattr`` and ``setattr`` cost nearly three times as
        much, at every clone of a game in an auction."""
        twin = Lot(self.n, self.leader, 0, self.kind)
        twin.stage = self.stage
        twin.adder, twin.auctioneer, twin.asker = self.adder, self.auctioneer, self.asker
        twin.cards, twin.bids = list(self.cards), list(self.bids)
        twin.sealed = None if self.sealed is None else list(self.sealed)
        twin.limits = None if self.limits is None else list(self.limits)
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
