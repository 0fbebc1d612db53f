"""The encoding shared by every environment: discrete actions, a legal mask, observations.

Actions are one fixed ``Discrete(size)`` space for a ruleset, a player count and
the options, with ``K = 5 x artists`` card kinds (artist x auction type, in the
ruleset's board order and the auction types' order)::

    [0, K)              play kind k (lead a card)
    [K, 2K)             add kind k (second card of a double)
    2K                  pass (decline to add, bid, buy or flip)
    2K + 1              buy (at the fixed price)
    2K + 2              flip (turn over a dummy card)
    [2K+3, 2K+3+B)      bid bucket b
    [2K+3+B, 2K+3+2B)   fixed-price bucket b
    [2K+3+2B, 2K+3+3B)  limit bucket b (open auctions; ``limits=False`` leaves it out)

``amounts="range"`` (the default): an amount bucket ``b`` of ``B`` (``buckets``,
at least 2) is the fraction ``b / (B - 1)`` of the legal range ``[min, max]``,
rounded down to the bid unit: bucket 0 is exactly the minimum, bucket ``B - 1``
exactly the maximum. ``amounts="absolute"``: bucket ``b`` is the amount
``grid[b]`` (:attr:`Encoding.grid`, from the lowest bid to twice the starting
cash, roughly geometric), or the legal amount nearest to it when the range does
not reach it: the same index is the same amount wherever that amount is legal.
Either way, when several buckets name the same amount only the first of them
is legal in the mask, so every legal index is a distinct move. A limit bucket
says the most the seat will pay in this open auction (:class:`Limit
<auctionrules.engine.actions.Limit>`): its range runs from the lowest legal bid
to all the seat may bid, and the engine then bids for the seat, which is not
asked again in the lot.

The public hooks for any policy of one's own are :meth:`Encoding.observe` (a
view to its vector), :meth:`Encoding.mask` (the legal moves to a mask) and
:meth:`Encoding.action` (an index back to a move); :class:`PolicyAgent` joins
them into an agent. The observation's parts are declared in :mod:`.parts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from auctionrules.engine.actions import (
    BUY,
    FLIP,
    PASS,
    Action,
    Add,
    AmountAction,
    Bid,
    Buy,
    Flip,
    Limit,
    Pass,
    Play,
)
from auctionrules.engine.actions import Price as PriceAction
from auctionrules.engine.cards import code_count
from auctionrules.engine.errors import IllegalActionError
from auctionrules.envs.masker import Masker, bucket_amount, bucket_of
from auctionrules.envs.parts import layout
from auctionrules.envs.reader import Reader

if TYPE_CHECKING:
    from auctionrules.engine.legal import Legal
    from auctionrules.engine.rules import Rules
    from auctionrules.engine.views import View

__all__ = [
    "AMOUNTS", "DEFAULT_BUCKETS", "Encoding", "Mask", "PolicyAgent", "Vector", "absolute_grid",
    "bucket_amount", "bucket_of",
]

#: The default number of amount buckets.
DEFAULT_BUCKETS = 12
#: What an amount bucket means: a fraction of the legal range, or an amount.
AMOUNTS = ("range", "absolute")

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]


def absolute_grid(rules: Rules, buckets: int) -> tuple[int, ...]:
    """The amounts of ``amounts="absolute"``: from the lowest bid (at least the unit) to
    twice the starting cash, spaced evenly on a log scale, rounded to the bid unit and
    strictly rising."""
    unit = max(rules.unit, 1)
    low = max(rules.minimum_bid, unit)
    high = max(2 * rules.starting_cash, low + unit * (buckets - 1))
    grid: list[int] = []
    for b in range(buckets):
        amount = low * (high / low) ** (b / (buckets - 1))
        rounded = max(low, round(amount / unit) * unit)
        if grid and rounded <= grid[-1]:
            rounded = grid[-1] + unit
        grid.append(rounded)
    return tuple(grid)


class Encoding:
    """Action indices and observation layout for one compiled ruleset and its options.

    Built once per environment, or by anyone with a seat's view
    (``Encoding(view.rules)``): :meth:`observe` writes a view as its vector,
    :meth:`mask` a seat's legal moves as a mask, :meth:`action` reads an index back
    as the engine's move and :meth:`index` a move as its index; :attr:`parts` names
    the slices of the vector. ``buckets`` amounts per bid, price and limit;
    ``amounts`` ``"range"`` or ``"absolute"`` (see the module docstring);
    ``limits`` whether the space has the limit buckets.
    """

    def __init__(
        self,
        rules: Rules,
        buckets: int = DEFAULT_BUCKETS,
        amounts: str = "range",
        limits: bool = True,
    ) -> None:
        if buckets < 2:
            raise ValueError(f"bid_buckets must be at least 2 (min and max), not {buckets}")
        if amounts not in AMOUNTS:
            raise ValueError(f"bid_amounts must be one of {', '.join(AMOUNTS)}, not {amounts!r}")
        self.rules = rules
        self.buckets = buckets
        self.amounts = amounts
        #: The amount of each bucket with ``amounts="absolute"`` (empty otherwise).
        self.grid: tuple[int, ...] = (
            absolute_grid(rules, buckets) if amounts == "absolute" else ())
        self.limits = limits
        n, artists = rules.players, rules.artists
        self.players = n
        self.kinds = kinds = code_count(artists)
        self.play = 0
        self.add = kinds
        self.pass_ = 2 * kinds
        self.buy = self.pass_ + 1
        self.flip = self.pass_ + 2
        self.bid = self.pass_ + 3
        self.price = self.bid + buckets
        #: The first limit bucket (-1 without limits).
        self.limit = self.price + buckets if limits else -1
        #: The number of actions.
        self.size = self.price + buckets * (2 if limits else 1)
        #: Index of each shared discrete action instance (the engine's legal moves
        #: are these very objects), by ``id``.
        self._by_id: dict[int, int] = {id(PASS): self.pass_, id(BUY): self.buy, id(FLIP): self.flip}
        for code in range(kinds):
            self._by_id[id(rules.plays[code])] = code
            self._by_id[id(rules.adds[code])] = kinds + code
        #: writes a seat's legal moves as a mask and reads an index back as a move
        self.masker = Masker(self, self._by_id)
        #: ``(name, size)`` of each part of the observation, in order (declared in
        #: :data:`auctionrules.envs.parts.PARTS`); per-seat parts are relative (the
        #: observing seat first, then its left neighbour, ...).
        self.parts: tuple[tuple[str, int], ...] = layout(rules)
        #: Where each part starts in the vector.
        self.offsets: dict[str, int] = {}
        at = 0
        for name, width in self.parts:
            self.offsets[name] = at
            at += width
        #: The length of the observation vector.
        self.obs_size = at
        self._reader: Reader | None = None

    # --- arrays -------------------------------------------------------------------------

    def new_mask(self) -> Mask:
        """A zeroed mask array."""
        return np.zeros(self.size, dtype=np.int8)

    def new_observation(self) -> Vector:
        """A zeroed observation array."""
        return np.zeros(self.obs_size, dtype=np.float32)

    def split(self, vector: Vector) -> dict[str, Vector]:
        """The named parts of an observation vector (views into it; empty parts left out)."""
        return {
            name: vector[self.offsets[name] : self.offsets[name] + width]
            for name, width in self.parts
            if width
        }

    # --- the hooks: view -> vector, legal -> mask, index -> move -------------------------

    def observe(self, view: View, out: Vector | None = None, anchor: int | None = None) -> Vector:
        """The observation of ``view`` (a seat's, ``game.view(seat)``), written into
        ``out`` or a new array: exactly what the view shows. A spectator's view
        (``game.public_view()``) gives the public part, per-seat parts from
        ``anchor``."""
        reader = self._reader
        if reader is None:
            reader = self._reader = Reader(self)
        return reader.observe(view, self.new_observation() if out is None else out, anchor)

    def mask(self, legal: Legal, out: Mask | None = None) -> Mask:
        """1 at each index of a move in ``legal`` (its ``actions``, ``bid``, ``price``
        and ``limit``; other kinds of move are not in the space), in ``out`` or a new
        array; all 0 for a seat that is not asked (``game.legal(seat)`` is then empty).
        An amount range marks the first bucket of each distinct amount."""
        return self.masker.fill(legal, self.new_mask() if out is None else out)

    def action(self, index: int, legal: Legal) -> Action:
        """The engine's move of ``index`` for a seat whose legal moves are ``legal``.

        Raises :class:`IllegalActionError` when the index names no legal move
        (an amount bucket without a legal range, a card kind not in hand...).
        """
        return self.masker.action(legal, int(index))

    def legal_indices(self, legal: Legal) -> list[int]:
        """The indices :meth:`mask` marks, ascending."""
        return self.masker.indices(legal)

    def index_or_none(self, action: Action, legal: Legal) -> int | None:
        """The index of ``action`` (as :meth:`index`), or ``None`` where it has none."""
        try:
            return self.index(action, legal)
        except IllegalActionError:
            return None

    def index(self, action: Action, legal: Legal) -> int:
        """The index of an engine action; an amount maps to its nearest bucket of the
        legal range (exactly when a bucket names it); a limit below the lowest legal
        bid, which drops the seat out of the lot, to ``pass``."""
        cls = action.__class__
        codes = self.rules.codec.codes
        if cls is Play:
            return self.play + codes[action.card]  # type: ignore[attr-defined]
        if cls is Add:
            return self.add + codes[action.card]  # type: ignore[attr-defined]
        if cls is Pass:
            return self.pass_
        if cls is Buy:
            return self.buy
        if cls is Flip:
            return self.flip
        amount = action.amount if isinstance(action, AmountAction) else 0
        if cls is Bid and legal.bid is not None:
            return self.bid + self.masker.bucket_for(amount, legal.bid)
        if cls is PriceAction and legal.price is not None:
            return self.price + self.masker.bucket_for(amount, legal.price)
        span = self.masker.limit_span(legal) if cls is Limit else None
        if span is not None:
            if legal.bid is not None and amount < legal.bid[0]:
                return self.pass_  # (a limit below the lowest bid drops out: a pass)
            return self.limit + self.masker.bucket_for(amount, span)
        raise IllegalActionError(f"{action}: no index for it with the legal moves {legal!r}")

    def meaning(self, index: int) -> str:
        """What ``index`` does, in words (for tables and logs)."""
        names = self.rules.codec.names
        if index < self.add:
            return f"play {names[index]}"
        if index < self.pass_:
            return f"add {names[index - self.add]}"
        if index == self.pass_:
            return "pass"
        if index == self.buy:
            return "buy"
        if index == self.flip:
            return "flip"
        if index < self.price:
            return f"bid bucket {index - self.bid} ({self._amount(index - self.bid)})"
        if self.limit < 0 or index < self.limit:
            return f"price bucket {index - self.price} ({self._amount(index - self.price)})"
        return f"limit bucket {index - self.limit} ({self._amount(index - self.limit)})"

    def _amount(self, bucket: int) -> str:
        if self.grid:
            return f"{self.grid[bucket]:,}, or the nearest legal amount"
        if bucket == 0:
            return "the minimum"
        if bucket == self.buckets - 1:
            return "the maximum"
        return f"{bucket}/{self.buckets - 1} of the range"


#: A policy: the observation and the mask to the index it plays.
Policy = Callable[[Vector, Mask], int]


class PolicyAgent:
    """An agent (``act(view, legal)``) that plays a policy of observations and masks:
    the bridge from a trained network to ``play``, ``simulate`` and the ladder.

    ``policy(observation, mask) -> index`` sees what the seat's view shows, as
    :meth:`Encoding.observe` writes it, and the legal indices; the index is read
    back as a move by :meth:`Encoding.action`. The encoding is made from the first
    view's rules with the options given (as the environment was made), so one
    factory serves every ruleset:

    >>> def make(seed=None):
    ...     return PolicyAgent(lambda observation, mask: int(mask.nonzero()[0][0]))

    registered (``register_agent("mine", make)``) or named as
    ``package.module:make`` on the command line.
    """

    def __init__(self, policy: Policy, buckets: int = DEFAULT_BUCKETS, amounts: str = "range",
                 limits: bool = True) -> None:
        self.policy = policy
        self._options = (buckets, amounts, limits)
        self._encodings: dict[int, Encoding] = {}

    def encoding(self, rules: Rules) -> Encoding:
        """The encoding of ``rules`` (made once per rules)."""
        found = self._encodings.get(id(rules))
        if found is None or found.rules is not rules:
            found = self._encodings[id(rules)] = Encoding(rules, *self._options)
        return found

    def act(self, view: View, legal: Legal) -> Action:
        """The policy's move for the seat of ``view``."""
        enc = self.encoding(view.rules)
        return enc.action(self.policy(enc.observe(view), enc.mask(legal)), legal)

