"""The legal moves of one player, as a light value (python-chess style).

``actions`` lists the discrete choices (play, add, buy, flip, pass); amounts
are ranges, never lists: ``bid``, ``price`` and ``limit`` are ``None`` or
``(minimum, maximum, step)``. ``action in legal`` answers for any action.

A limit (:class:`~auctionrules.engine.actions.Limit`) is offered in an open
auction exactly when a bid is, as ``(0, top, step)`` with the bid range's top
and step: any amount up to all the seat may bid, those below the lowest bid
meaning "out of this lot".
"""

from __future__ import annotations

from collections.abc import Iterator

from auctionrules.engine.actions import Action, AmountAction, Bid, Limit, Price

#: A range of amounts: ``(minimum, maximum, step)``.
Span = tuple[int, int, int]


def place_of(action: object, actions: tuple[Action, ...]) -> int:
    """The index of ``action`` among ``actions``, or -1: the very object offered (an
    agent usually returns one of them), else an equal one (as from parsed text)."""
    for index, offered in enumerate(actions):
        if offered is action:
            return index
    for index, offered in enumerate(actions):
        if offered == action:
            return index
    return -1


def in_span(amount: int, span: Span | None) -> bool:
    """Whether ``amount`` is one of the amounts of ``span`` (none if ``None``): the one
    writing of the range test."""
    if span is None:
        return False
    lo = span[0]
    return lo <= amount <= span[1] and (amount - lo) % span[2] == 0


class Legal:
    """What ``seat`` may do now. Immutable by convention (slotted, never mutated)."""

    __slots__ = ("actions", "bid", "limit", "price", "seat")

    def __init__(
        self,
        seat: int,
        actions: tuple[Action, ...],
        bid: Span | None = None,
        price: Span | None = None,
        limit: Span | None = None,
    ) -> None:
        self.seat = seat
        self.actions = actions
        self.bid = bid
        self.price = price
        self.limit = limit

    def __contains__(self, action: object) -> bool:
        if isinstance(action, AmountAction):  # (a bid, a price or a limit: a range)
            kind = type(action)
            span = (
                self.bid if kind is Bid
                else self.price if kind is Price
                else self.limit if kind is Limit
                else None
            )
            return in_span(action.amount, span)
        return place_of(action, self.actions) >= 0

    def __iter__(self) -> Iterator[Action]:
        """The discrete actions only (amounts are ranges)."""
        return iter(self.actions)

    def __bool__(self) -> bool:
        return (
            bool(self.actions)
            or self.bid is not None
            or self.price is not None
            or self.limit is not None
        )

    def _key(self) -> tuple[object, ...]:
        return (self.seat, self.actions, self.bid, self.price, self.limit)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Legal):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[Legal], tuple[object, ...]]:
        return (Legal, self._key())

    def __repr__(self) -> str:
        parts = [str(a) for a in self.actions]
        for name, span in (("bid", self.bid), ("price", self.price), ("limit", self.limit)):
            if span:
                parts.append("{} {}..{} step {}".format(name, *span))
        return f"Legal(seat={self.seat}: {', '.join(parts) or 'nothing'})"

    def count(self) -> int:
        """How many distinct actions are legal (amounts counted one by one)."""
        total = len(self.actions)
        for span in (self.bid, self.price, self.limit):
            if span is not None:
                total += (span[1] - span[0]) // span[2] + 1
        return total

    def to_dict(self) -> dict[str, object]:
        """A JSON-serialisable form."""
        return {
            "seat": self.seat,
            "actions": [str(a) for a in self.actions],
            "bid": list(self.bid) if self.bid else None,
            "price": list(self.price) if self.price else None,
            "limit": list(self.limit) if self.limit else None,
        }
