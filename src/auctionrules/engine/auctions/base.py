"""The interface every auction-type strategy answers.

The five strategies are in :mod:`auctionrules.engine.auctions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from auctionrules.engine.actions import PASS, Action
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import Lot

if TYPE_CHECKING:
    from auctionrules.engine.flow import RoundFlow

PASS_ONLY = (PASS,)

#: A sale: ``(buyer, price)``.
Sale = tuple[int, int]


def range_reason(kind: str, amount: int, rng: tuple[int, int, int] | None) -> str | None:
    """Why ``amount`` is not a legal ``kind`` (bid, price) in ``rng``, or ``None``."""
    if rng is None:
        return f"no {kind} is possible (not enough money); only pass"
    lo, hi, step = rng
    if lo <= amount <= hi and (amount - lo) % step == 0:
        return None
    return f"a {kind} must be from {lo} to {hi} in steps of {step}"


class Auction:
    """Base of the auction-type strategies; one instance per compiled ``Rules``."""

    __slots__ = ()
    name = ""

    def start(self, game: RoundFlow, lot: Lot) -> None:
        """Set the lot up for this auction type (may settle it at once)."""
        raise NotImplementedError

    def to_act(self, game: RoundFlow, lot: Lot) -> tuple[int, ...]:
        """Seats that must act now."""
        return game.alone[lot.asker]

    def legal(self, game: RoundFlow, lot: Lot, seat: int) -> Legal:
        """What ``seat`` (one of :meth:`to_act`) may do."""
        raise NotImplementedError

    def check(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> str | None:
        """Why ``action`` by ``seat`` is illegal, or ``None``."""
        raise NotImplementedError

    def apply(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> None:
        """Carry out a legal action."""
        raise NotImplementedError
