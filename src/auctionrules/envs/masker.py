"""Legal moves as a mask, and an index of the mask read back as a move.

:class:`Masker` writes a seat's :class:`~auctionrules.engine.legal.Legal` into the
action mask of one :class:`~auctionrules.envs.encoding.Encoding` (the discrete
moves, then the buckets of the bid and price ranges) and decodes an index back
into the engine's action; :func:`bucket_amount` is the one writing of a bucket's
amount. Compiled with the engine (``setup.py``), like :mod:`.reader`: plain typed
Python writing the arrays' memory through ``memoryview``.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from auctionrules.engine.actions import BUY, FLIP, PASS, Action, bid_of, price_of
from auctionrules.engine.errors import IllegalActionError

if TYPE_CHECKING:
    from auctionrules.engine.legal import Legal
    from auctionrules.envs.encoding import Encoding, Mask


def bucket_amount(bucket: int, buckets: int, span: tuple[int, int, int]) -> int:
    """The amount of ``bucket`` (``0 .. buckets-1``) in the legal ``span`` (min, max, step)."""
    lo, hi, step = span
    return lo + ((hi - lo) // step * bucket // (buckets - 1)) * step


class Masker:
    """Writes a seat's legal moves as a mask, and reads an index back as a move, for
    one :class:`Encoding` (see :meth:`Encoding.mask_of
    <auctionrules.envs.encoding.Encoding.mask_of>` and :meth:`Encoding.action
    <auctionrules.envs.encoding.Encoding.action>`)."""

    def __init__(self, enc: Encoding, by_id: dict[int, int]) -> None:
        self._enc = enc
        self._by_id = by_id
        self._buckets: int = enc.buckets
        self._bid: int = enc.bid
        self._price: int = enc.price
        self._add: int = enc.add
        self._pass: int = enc.pass_
        self._buy: int = enc.buy
        self._flip: int = enc.flip
        self._size: int = enc.size
        self._plays: tuple[Action, ...] = tuple(enc.rules.plays)
        self._adds: tuple[Action, ...] = tuple(enc.rules.adds)
        self._none = array("b", bytes(enc.size))
        self._all = array("b", b"\x01" * enc.buckets)

    def action(self, legal: Legal, index: int) -> Action:
        """The engine action of ``index`` for a seat whose legal moves are ``legal``
        (:class:`IllegalActionError` when it names no legal move)."""
        if 0 <= index < self._add:
            action = self._plays[index]
        elif index < self._pass:
            action = self._adds[index - self._add]
        elif index == self._pass:
            action = PASS
        elif index == self._buy:
            action = BUY
        elif index == self._flip:
            action = FLIP
        elif self._bid <= index < self._price:
            bid = legal.bid
            if bid is None:
                raise IllegalActionError(f"action {index} (bid bucket): no bid is legal now")
            action = bid_of(bucket_amount(index - self._bid, self._buckets, bid))
        elif self._price <= index < self._size:
            price = legal.price
            if price is None:
                raise IllegalActionError(f"action {index} (price bucket): no price is legal now")
            action = price_of(bucket_amount(index - self._price, self._buckets, price))
        else:
            raise IllegalActionError(f"action {index} is not in 0..{self._size - 1}")
        if action not in legal:
            raise IllegalActionError(f"action {index} ({action}) is not legal now: {legal!r}")
        return action

    def fill(self, legal: Legal, out: Mask) -> Mask:
        """Fill ``out`` with 1 at each index of a move in ``legal`` (its ``actions``,
        ``bid`` and ``price``; other kinds of move are not in the space)."""
        w: Any = out.data
        w[:] = self._none
        for index in self._discrete(legal):
            w[index] = 1
        bid = legal.bid
        if bid is not None:
            self._buckets_of(w, self._bid, bid)
        price = legal.price
        if price is not None:
            self._buckets_of(w, self._price, price)
        return out

    def indices(self, legal: Legal) -> list[int]:
        """The indices :meth:`fill` sets to 1, ascending."""
        found = set(self._discrete(legal))
        bid = legal.bid
        if bid is not None:
            start = self._bid
            found.update([start + b for b in self._first_buckets(bid)])
        price = legal.price
        if price is not None:
            start = self._price
            found.update([start + b for b in self._first_buckets(price)])
        return sorted(found)

    def _discrete(self, legal: Legal) -> list[int]:
        """The indices of ``legal``'s discrete moves (those the space has)."""
        out: list[int] = []
        by_id = self._by_id
        for action in legal.actions:
            index = by_id.get(id(action), -1)
            if index < 0:
                found = self._enc.index_or_none(action, legal)
                if found is None:
                    continue  # (a kind of move the encoding does not offer)
                index = found
            out.append(index)
        return out

    def _buckets_of(self, w: Any, start: int, span: tuple[int, int, int]) -> None:
        lo, hi, step = span
        buckets = self._buckets
        if (hi - lo) // step >= buckets - 1:
            w[start : start + buckets] = self._all
            return
        for b in self._first_buckets(span):
            w[start + b] = 1

    def _first_buckets(self, span: tuple[int, int, int]) -> list[int]:
        """The first bucket of each distinct amount of ``span`` (every bucket when the
        range holds as many amounts)."""
        lo, hi, step = span
        buckets = self._buckets
        if (hi - lo) // step >= buckets - 1:
            return list(range(buckets))
        out: list[int] = []
        previous = -1  # (no amount is negative)
        for b in range(buckets):
            amount = bucket_amount(b, buckets, span)
            if amount != previous:
                out.append(b)
                previous = amount
        return out
