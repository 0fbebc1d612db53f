"""The money rules of bidding, written once: the lowest bid, a bid's range, the next
floor, a limit's range and the engine's answer on a limit.

A :class:`Bidding` is built from the ruleset's ``money`` section (the bid unit,
the minimum bid, the minimum raise) and kept by the compiled
:class:`~auctionrules.engine.rules.Rules` (``rules.bidding``). The engine, the
auction types, the agents, determinization, the terminal and the web table all
ask it, so that no two of them can disagree on what the next bid may be.
"""

from __future__ import annotations

from auctionrules.compiled import Reduced

#: A range of amounts: ``(minimum, maximum, step)``.
Span = tuple[int, int, int]


def top_of(lo: int, money: int, step: int) -> int:
    """The highest amount from ``lo`` in steps of ``step`` that ``money`` pays
    (``money >= lo``): the one writing of a range's top."""
    return money - (money - lo) % step


class Bidding:
    """The amounts the rules allow. Immutable by convention (slotted, never mutated).

    ``unit``: every amount is a whole number of it; ``minimum``: the minimum bid in
    whole units (also the least fixed price); ``raise_by``: how much a bid tops the
    last (``money.minimum_raise``, else the unit); ``lowest``: the first bid of a lot.
    """

    __slots__ = ("lowest", "minimum", "raise_by", "unit")

    def __init__(self, unit: int, minimum_bid: int, minimum_raise: int) -> None:
        self.unit = unit
        self.minimum = -(-minimum_bid // unit) * unit
        self.raise_by = minimum_raise
        self.lowest = 0
        self.lowest = self.floor(0)

    def __reduce__(self) -> Reduced:
        # (the minimum is already whole units: made again, it is the same)
        return (Bidding, (self.unit, self.minimum, self.raise_by))

    def floor(self, high: int) -> int:
        """The lowest bid above the standing bid ``high`` (0: no bid yet): a whole
        number of units, at least the minimum, and ``raise_by`` above a bid."""
        if not high:
            if self.lowest:
                return self.lowest
            lo = self.unit
        else:
            lo = high + self.raise_by
        if lo < self.minimum:
            return self.minimum
        unit = self.unit
        if unit != 1 and lo % unit:
            lo += unit - lo % unit
        return lo

    def top(self, lo: int, money: int) -> int:
        """The highest amount from ``lo`` in whole units that ``money`` pays
        (``money >= lo``)."""
        return top_of(lo, money, self.unit)

    def span(self, lo: int, money: int) -> Span | None:
        """The amounts from ``lo`` that ``money`` pays, or ``None`` when it pays none."""
        if money < lo:
            return None
        return (lo, top_of(lo, money, self.unit), self.unit)

    def range(self, high: int, money: int) -> Span | None:
        """The bids above ``high`` that ``money`` pays, or ``None``."""
        return self.span(self.floor(high), money)

    def prices(self, top: int) -> Span | None:
        """The prices an auctioneer may name when ``top`` is the most they may ask:
        from the minimum bid, or ``None`` when ``top`` is below it."""
        lo = self.minimum
        if top < lo:
            return None
        return (lo, top_of(lo, top, self.unit), self.unit)

    @staticmethod
    def limits(bid: Span | None) -> Span | None:
        """The range of a limit where ``bid`` is the range of a bid: from 0 (below the
        lowest bid: out of the lot) to the bid range's top, in its steps."""
        return None if bid is None else (0, bid[1], bid[2])

    @staticmethod
    def answer(limit: int | float, lo: int, seat: int, high_bidder: int | None) -> int | None:
        """The bid a seat on its ``limit`` makes when the lowest bid is ``lo``: none
        (a pass) while it holds the high bid or when ``lo`` passes the limit, else
        ``lo``. The engine answers so for a seat that said a limit, and an agent that
        raises turn by turn up to a value asks the same."""
        if high_bidder == seat or lo > limit:
            return None
        return lo
