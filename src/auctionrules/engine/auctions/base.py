"""The interface every auction-type strategy answers, and how a lot is settled.

The strategies are in :mod:`auctionrules.engine.auctions`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Final, Literal, Union, final

from auctionrules.engine.asking import Answer, Asking, Pending, Question
from auctionrules.engine.lot import NOBODY, Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: A sale: ``(buyer, price)``.
Sale = tuple[int, int]


@final
class Settlement:
    """How an auction type settles its lot, for the round flow to carry out.

    An auction type changes only its lot; the money, the cards, the history and who
    leads next are the round flow's (:func:`~auctionrules.engine.flow.settle`), so a
    rule of one auction type cannot skip a step of settling a lot. ``kind``:
    ``sold`` (to ``seat`` for ``price``), ``free`` (``seat`` takes it without
    paying), ``unsold`` (it stays on the table) or ``no-bid`` (nobody bid: the
    ``no_bid`` rule says who takes it).
    Immutable by convention (slotted, never mutated): a final plain class, which the
    compiler makes a native object with int fields, where a named tuple's fields are
    read through Python's attribute protocol.
    """

    __slots__ = ("kind", "price", "seat")

    def __init__(
        self, kind: Literal["sold", "free", "unsold", "no-bid"], seat: int = NOBODY,
        price: int = 0,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.price = price

    def __repr__(self) -> str:
        return f"Settlement({self.kind!r}, {self.seat}, {self.price})"


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


@final
class Added:
    """A double's second card added by ``seat``: the round flow lays ``code`` into the
    lot, which goes on as that card's auction type (unless the card ends the round).
    Immutable by convention (slotted, never mutated)."""

    __slots__ = ("code", "seat")

    def __init__(self, seat: int, code: int) -> None:
        self.seat = seat
        self.code = code

    def __repr__(self) -> str:
        return f"Added({self.seat}, {self.code})"


#: What an auction's flow comes to: a settlement, a double's second card, or ``None``
#: where its lot goes on as it is (a sealed re-bid after a tie).
Result = Union[Settlement, Added, None]  # noqa: UP007 - a runtime alias
Run = Generator[Pending, Answer, Result]


class Auction:
    """Base of the auction-type strategies; one instance per compiled ``Rules``.

    An auction type owns its whole flow: it sets its lot up (:meth:`start`), asks
    the seats in its order what they may do (:meth:`question`, the one writing of
    its legality), answers for a seat where its rules say the engine does (an open
    auction's limits), logs the answers, and says how its lot is settled:
    :meth:`run` returns a :class:`Settlement` for the round flow to carry out
    (:func:`~auctionrules.engine.flow.settle`). It changes only its lot and the
    history; the money, the cards and who leads next are the flow's.
    """

    __slots__ = ()
    name = ""

    def start(self, game: State, lot: Lot) -> Settlement | None:
        """Set the lot up for this auction type; the settlement if that settles it at
        once (nobody may bid, a broke auctioneer keeps the lot), else ``None``."""
        raise NotImplementedError

    def question(self, game: State, lot: Lot, seat: int) -> Question:
        """What ``seat`` may do now in ``lot`` (it is asked, or may be)."""
        raise NotImplementedError

    def run(self, ask: Asking, lot: Lot) -> Run:
        """Ask the seats on from wherever the lot stands until it is settled: the
        settlement, a double's second card, or ``None`` where the lot goes on (a sealed
        re-bid after a tie)."""
        raise NotImplementedError
