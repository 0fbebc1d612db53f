"""The legal moves of one player, as a light value (python-chess style).

``actions`` lists the discrete choices (play, add, buy, flip, pass); amounts
are ranges, never lists: ``bid`` and ``price`` are ``None`` or
``(minimum, maximum, step)``. ``action in legal`` answers for any action.
"""

from __future__ import annotations

from collections.abc import Iterator

from auctionrules.compiled import mypyc_attr
from auctionrules.engine.actions import Action, Bid, Price


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Legal:
    """What ``seat`` may do now. Immutable by convention (slotted, never mutated)."""

    __slots__ = ("actions", "bid", "price", "seat")

    def __init__(
        self,
        seat: int,
        actions: tuple[Action, ...],
        bid: tuple[int, int, int] | None = None,
        price: tuple[int, int, int] | None = None,
    ) -> None:
        self.seat = seat
        self.actions = actions
        self.bid = bid
        self.price = price

    def __contains__(self, action: object) -> bool:
        cls = action.__class__
        if cls is Bid:
            rng = self.bid
            if rng is None:
                return False
            amount: int = action.amount  # type: ignore[attr-defined]
            return rng[0] <= amount <= rng[1] and (amount - rng[0]) % rng[2] == 0
        if cls is Price:
            return _in_range(action.amount, self.price)  # type: ignore[attr-defined]
        actions = self.actions
        for allowed in actions:  # an agent usually returns one of these very objects
            if allowed is action:
                return True
        return action in actions

    def __iter__(self) -> Iterator[Action]:
        """The discrete actions only (amounts are ranges)."""
        return iter(self.actions)

    def __bool__(self) -> bool:
        return bool(self.actions) or self.bid is not None or self.price is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Legal):
            return NotImplemented
        return (self.seat, self.actions, self.bid, self.price) == (
            other.seat,
            other.actions,
            other.bid,
            other.price,
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.actions, self.bid, self.price))

    def __repr__(self) -> str:
        parts = [str(a) for a in self.actions]
        if self.bid:
            parts.append("bid {}..{} step {}".format(*self.bid))
        if self.price:
            parts.append("price {}..{} step {}".format(*self.price))
        return f"Legal(seat={self.seat}: {', '.join(parts) or 'nothing'})"

    def count(self) -> int:
        """How many distinct actions are legal (amounts counted one by one)."""
        total = len(self.actions)
        for rng in (self.bid, self.price):
            if rng is not None:
                total += (rng[1] - rng[0]) // rng[2] + 1
        return total

    def to_dict(self) -> dict[str, object]:
        """A JSON-serialisable form."""
        return {
            "seat": self.seat,
            "actions": [str(a) for a in self.actions],
            "bid": list(self.bid) if self.bid else None,
            "price": list(self.price) if self.price else None,
        }


def _in_range(amount: int, rng: tuple[int, int, int] | None) -> bool:
    if rng is None:
        return False
    lo, hi, step = rng
    return lo <= amount <= hi and (amount - lo) % step == 0
