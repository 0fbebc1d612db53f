"""Legal moves as a mask, and an index of the mask read back as a move.

:class:`Masker` writes a seat's :class:`~auctionrules.engine.legal.Legal` into the
action mask of one :class:`~auctionrules.envs.encoding.Encoding` (the discrete
moves, then the buckets of the bid, price and limit ranges) and decodes an index
back into the engine's action; :meth:`Masker.amount` is the one writing of a
bucket's amount (:func:`bucket_amount` where buckets are fractions of the
range). Compiled with the engine (``setup.py``), like :mod:`.reader`: plain typed
Python writing the arrays' memory through ``memoryview``.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from auctionrules.engine.actions import BUY, FLIP, PASS, Action, Limit, bid_of, price_of
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
    one :class:`Encoding` (see :meth:`Encoding.mask
    <auctionrules.envs.encoding.Encoding.mask>` and :meth:`Encoding.action
    <auctionrules.envs.encoding.Encoding.action>`)."""

    def __init__(self, enc: Encoding, by_id: dict[int, int]) -> None:
        self._enc = enc
        self._by_id = by_id
        self._buckets: int = enc.buckets
        self._grid: tuple[int, ...] = enc.grid
        self._bid: int = enc.bid
        self._price: int = enc.price
        self._limit: int = enc.limit
        self._add: int = enc.add
        self._pass: int = enc.pass_
        self._buy: int = enc.buy
        self._flip: int = enc.flip
        self._size: int = enc.size
        self._plays: tuple[Action, ...] = tuple(enc.rules.plays)
        self._adds: tuple[Action, ...] = tuple(enc.rules.adds)
        self._none = array("b", bytes(enc.size))
        self._all = array("b", b"\x01" * enc.buckets)

    def amount(self, bucket: int, span: tuple[int, int, int]) -> int:
        """The amount of ``bucket`` in the legal ``span``: a fraction of the range, or
        the grid's amount (the legal amount nearest to it)."""
        grid = self._grid
        if not grid:
            return bucket_amount(bucket, self._buckets, span)
        lo, hi, step = span
        wanted = grid[bucket]
        if wanted <= lo:
            return lo
        if wanted >= hi:
            return hi
        below = lo + (wanted - lo) // step * step
        return below + step if wanted - below > below + step - wanted else below

    def limit_span(self, legal: Legal) -> tuple[int, int, int] | None:
        """The range of the limit buckets: from the lowest legal bid (a limit below it
        is a pass) to the top of ``legal.limit``, in its steps; ``None`` without
        limits in the space or a limit to say."""
        limit = legal.limit
        if limit is None or self._limit < 0:
            return None
        bid = legal.bid
        start, top, step = limit
        if bid is not None:
            start += -(-(bid[0] - start) // step) * step  # (the first limit at or above it)
        return (start, top, step) if start <= top else None

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
            action = bid_of(self.amount(index - self._bid, bid))
        elif self._price <= index < self._price + self._buckets:
            price = legal.price
            if price is None:
                raise IllegalActionError(f"action {index} (price bucket): no price is legal now")
            action = price_of(self.amount(index - self._price, price))
        elif 0 <= self._limit <= index < self._size:
            span = self.limit_span(legal)
            if span is None:
                raise IllegalActionError(f"action {index} (limit bucket): no limit is legal now")
            action = Limit(self.amount(index - self._limit, span))
        else:
            raise IllegalActionError(f"action {index} is not in 0..{self._size - 1}")
        if action not in legal:
            raise IllegalActionError(f"action {index} ({action}) is not legal now: {legal!r}")
        return action

    def fill(self, legal: Legal, out: Mask) -> Mask:
        """Fill ``out`` with 1 at each index of a move in ``legal`` (its ``actions``,
        ``bid``, ``price`` and ``limit``; other kinds of move are not in the space)."""
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
        if legal.limit is not None:
            span = self.limit_span(legal)
            if span is not None:
                self._buckets_of(w, self._limit, span)
        return out

    def indices(self, legal: Legal) -> list[int]:
        """The indices :meth:`fill` sets to 1, ascending."""
        found = set(self._discrete(legal))
        for start, span in ((self._bid, legal.bid), (self._price, legal.price),
                            (self._limit, self.limit_span(legal))):
            if span is not None:
                found.update([start + b for b in self._first_buckets(span)])
        return sorted(found)

    def bucket_for(self, amount: int, span: tuple[int, int, int]) -> int:
        """The first bucket whose amount in ``span`` is nearest to ``amount``."""
        if not self._grid:
            return bucket_of(amount, self._buckets, span)
        best, gap = 0, -1
        for b in self._first_buckets(span):
            away = abs(self.amount(b, span) - amount)
            if gap < 0 or away < gap:
                best, gap = b, away
        return best

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
        if not self._grid and (hi - lo) // step >= buckets - 1:
            w[start : start + buckets] = self._all
            return
        for b in self._first_buckets(span):
            w[start + b] = 1

    def _first_buckets(self, span: tuple[int, int, int]) -> list[int]:
        """The first bucket of each distinct amount of ``span`` (every bucket when the
        range holds as many amounts and buckets are fractions of it)."""
        lo, hi, step = span
        buckets = self._buckets
        if not self._grid and (hi - lo) // step >= buckets - 1:
            return list(range(buckets))
        out: list[int] = []
        previous = -1  # (no amount is negative)
        for b in range(buckets):
            amount = self.amount(b, span)
            if amount != previous:
                out.append(b)
                previous = amount
        return out


def bucket_of(amount: int, buckets: int, span: tuple[int, int, int]) -> int:
    """The first bucket whose amount is nearest to ``amount`` (exact when one names it),
    buckets being fractions of the range."""
    lo, hi, step = span
    steps = (hi - lo) // step
    if steps == 0:
        return 0
    k = min(max((amount - lo) // step, 0), steps)
    up = -(-k * (buckets - 1) // steps)  # the first bucket at or above k
    below = up - 1
    if below >= 0 and k - steps * below // (buckets - 1) < steps * up // (buckets - 1) - k:
        up = below
    # the first bucket naming the same amount
    target = steps * up // (buckets - 1)
    while up > 0 and steps * (up - 1) // (buckets - 1) == target:
        up -= 1
    return up
