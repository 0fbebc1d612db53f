"""The interface every auction-type strategy answers.

The five strategies are in :mod:`auctionrules.engine.auctions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from auctionrules.engine.actions import Action
from auctionrules.engine.lot import Lot

if TYPE_CHECKING:
    from auctionrules.engine.flow import RoundFlow

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
    """Base of the auction-type strategies; one instance per compiled ``Rules``.

    An auction type sets its lot up (:meth:`start`) and says why an action is
    refused (:meth:`check`); its decisions are asked and carried out by
    :mod:`auctionrules.engine.decisions`.
    """

    __slots__ = ()
    name = ""

    def start(self, game: RoundFlow, lot: Lot) -> None:
        """Set the lot up for this auction type (may settle it at once)."""
        raise NotImplementedError

    def check(self, game: RoundFlow, lot: Lot, seat: int, action: Action) -> str | None:
        """Why ``action`` by ``seat`` is illegal, or ``None``."""
        raise NotImplementedError
