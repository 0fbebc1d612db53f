"""The interface every auction-type strategy answers.

The five strategies are in :mod:`auctionrules.engine.auctions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from auctionrules.engine.actions import Action
from auctionrules.engine.legal import Span, in_span
from auctionrules.engine.lot import NOBODY, Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: A sale: ``(buyer, price)``.
Sale = tuple[int, int]


class Settlement(NamedTuple):
    """How an auction type settles its lot, for the round flow to carry out.

    An auction type changes only its lot; the money, the cards, the history and who
    leads next are the round flow's (:func:`~auctionrules.engine.flow.settle`), so a
    rule of one auction type cannot skip a step of settling a lot. ``kind``:
    ``sold`` (to ``seat`` for ``price``), ``free`` (``seat`` takes it without
    paying), ``unsold`` (it stays on the table) or ``no-bid`` (nobody bid: the
    ``no_bid`` rule says who takes it).
    (A named tuple: an immutable value, made a dozen times a game, at a third of the
    cost of a frozen attrs class.)
    """

    kind: Literal["sold", "free", "unsold", "no-bid"]
    seat: int = NOBODY
    price: int = 0


#: Nobody bid (or nobody could): the ``no_bid`` rule names the taker.
NO_BID: Final = Settlement("no-bid")
#: The lot stays on the table, unowned (it still counts for the ranking).
UNSOLD: Final = Settlement("unsold")


def sold(seat: int, price: int) -> Settlement:
    """``seat`` buys the lot for ``price``."""
    return Settlement("sold", seat, price)


def free(seat: int) -> Settlement:
    """``seat`` takes the lot without paying."""
    return Settlement("free", seat)


def range_reason(kind: str, amount: int, span: Span | None) -> str | None:
    """Why ``amount`` is not a legal ``kind`` (bid, price, limit) in ``span``, or ``None``."""
    if span is None:
        return f"no {kind} is possible (not enough money); only pass"
    if in_span(amount, span):
        return None
    lo, hi, step = span
    return f"a {kind} must be from {lo} to {hi} in steps of {step}"


class Auction:
    """Base of the auction-type strategies; one instance per compiled ``Rules``.

    An auction type sets its lot up (:meth:`start`) and says why an action is
    refused (:meth:`check`); its decisions are asked and carried out by
    :mod:`auctionrules.engine.decisions`. It reads the game and changes only its lot:
    where it settles the lot it returns a :class:`Settlement`.
    """

    __slots__ = ()
    name = ""

    def start(self, game: State, lot: Lot) -> Settlement | None:
        """Set the lot up for this auction type; the settlement if that settles it at
        once (nobody may bid, a broke auctioneer keeps the lot), else ``None``."""
        raise NotImplementedError

    def check(self, game: State, lot: Lot, seat: int, action: Action) -> str | None:
        """Why ``action`` by ``seat`` is illegal, or ``None``."""
        raise NotImplementedError
