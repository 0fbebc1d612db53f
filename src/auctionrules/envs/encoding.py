"""The encoding shared by every environment: discrete actions, a legal mask, observations.

Actions are one fixed ``Discrete(size)`` space for a ruleset and a player count,
with ``K = 5 x artists`` card kinds (artist x auction type, in the ruleset's
board order and the auction types' order)::

    [0, K)              play kind k (lead a card)
    [K, 2K)             add kind k (second card of a double)
    2K                  pass (decline to add, bid, buy or flip)
    2K + 1              buy (at the fixed price)
    2K + 2              flip (turn over a dummy card)
    [2K+3, 2K+3+B)      bid bucket b
    [2K+3+B, 2K+3+2B)   fixed-price bucket b

An amount bucket ``b`` of ``B`` (``bid_buckets``, at least 2) is the fraction
``b / (B - 1)`` of the legal range ``[min, max]``, rounded down to the bid unit:
bucket 0 is exactly the minimum, bucket ``B - 1`` exactly the maximum. When the
range holds fewer than ``B`` amounts, several buckets name the same amount and
only the first of them is legal in the mask, so every legal index is a distinct
move. Moves of other kinds the engine may offer (a limit bid, say) are not in
the space: the mask leaves them out, and a ``Legal`` with more attributes than
``actions``, ``bid`` and ``price`` is read for those three only. The
observation layout is :attr:`Encoding.parts` (see :mod:`.reader`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from auctionrules.engine.actions import (
    BUY,
    FLIP,
    PASS,
    Action,
    Add,
    Bid,
    Buy,
    Flip,
    Pass,
    Play,
)
from auctionrules.engine.actions import Price as PriceAction
from auctionrules.engine.cards import code_count
from auctionrules.engine.errors import IllegalActionError
from auctionrules.engine.rules import MOST_PAINTINGS
from auctionrules.envs.masker import Masker, bucket_amount
from auctionrules.model import AUCTION_TYPES

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.legal import Legal
    from auctionrules.engine.rules import Rules

__all__ = ["DEFAULT_BUCKETS", "Encoding", "Mask", "Vector", "bucket_amount", "bucket_of"]

#: The default number of amount buckets.
DEFAULT_BUCKETS = 12

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]


def bucket_of(amount: int, buckets: int, span: tuple[int, int, int]) -> int:
    """The first bucket whose amount is nearest to ``amount`` (exact when one names it)."""
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


class Encoding:
    """Action indices and observation layout for one compiled ruleset and ``buckets``.

    Built once per environment; :meth:`mask`, :meth:`action` and :meth:`index`
    translate between the engine's moves and indices, :data:`parts` names the
    slices of the observation vector that :meth:`auctionrules.envs.reader.Reader.observe`
    fills.
    """

    def __init__(self, rules: Rules, buckets: int = DEFAULT_BUCKETS) -> None:
        if buckets < 2:
            raise ValueError(f"bid_buckets must be at least 2 (min and max), not {buckets}")
        self.rules = rules
        self.buckets = buckets
        n, artists, rounds = rules.players, rules.artists, rules.rounds
        self.players = n
        self.kinds = kinds = code_count(artists)
        self.play = 0
        self.add = kinds
        self.pass_ = 2 * kinds
        self.buy = self.pass_ + 1
        self.flip = self.pass_ + 2
        self.bid = self.pass_ + 3
        self.price = self.bid + buckets
        #: The number of actions.
        self.size = self.price + buckets
        #: Index of each shared discrete action instance (the engine's legal moves
        #: are these very objects), by ``id``.
        self._by_id: dict[int, int] = {id(PASS): self.pass_, id(BUY): self.buy, id(FLIP): self.flip}
        for code in range(kinds):
            self._by_id[id(rules.plays[code])] = code
            self._by_id[id(rules.adds[code])] = kinds + code
        #: writes a seat's legal moves as a mask (:meth:`mask_of` is its ``fill``)
        self.masker = Masker(self, self._by_id)
        #: ``(name, size)`` of each part of the observation, in order; per-seat parts
        #: are relative (the observing seat first, then its left neighbour, ...).
        self.parts: tuple[tuple[str, int], ...] = (
            ("hand", kinds),
            ("hand_sizes", n),
            ("dummy_sizes", rules.dummies),
            ("cash", n),
            ("cash_known", n),
            ("spent", n),
            ("board", rounds * artists),
            ("counts", artists),
            ("owned", n * artists),
            ("table", artists),
            ("lot_cards", kinds),
            # (the five types, and the descending auction where a symbol is played as one)
            ("lot_type", max(len(AUCTION_TYPES), *(kind + 1 for kind in rules.played_as))),
            ("leader", n),
            ("adder", n),
            ("auctioneer", n),
            ("high_bid", 1),
            ("high_bidder", n),
            ("price", 1),
            ("sealed_done", n),
            ("own_sealed_bid", 1),
            ("to_act", n),
            ("phase", 4),
            ("round", rounds),
            # (last, so the other parts keep their offsets; only where the tie-break
            # reads it)
            ("paintings", n if rules.winner_tie_break == MOST_PAINTINGS else 0),
        )
        self.offsets: dict[str, int] = {}
        at = 0
        for name, width in self.parts:
            self.offsets[name] = at
            at += width
        #: The length of the observation vector.
        self.obs_size = at

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

    # --- actions ------------------------------------------------------------------------

    def mask(self, game: Game, seat: int, out: Mask) -> Mask:
        """Fill ``out`` with 1 at each legal index of ``seat`` (all 0 if not their turn)."""
        return self.mask_of(game.legal(seat), out)

    def mask_of(self, legal: Legal, out: Mask) -> Mask:
        """Fill ``out`` with 1 at each index of a move in ``legal`` (its ``actions``,
        ``bid`` and ``price``; other kinds of move are not in the space). An amount
        range marks the first bucket of each distinct amount (:mod:`.masker` writes it)."""
        return self.masker.fill(legal, out)

    def index_or_none(self, action: Action, legal: Legal) -> int | None:
        """The index of ``action`` (as :meth:`index`), or ``None`` where it has none."""
        try:
            return self.index(action, legal)
        except IllegalActionError:
            return None

    def legal_indices(self, game: Game, seat: int) -> list[int]:
        """The legal indices of ``seat``, ascending."""
        return self.masker.indices(game.legal(seat))

    def action(self, legal: Legal, index: int) -> Action:
        """The engine action of ``index`` for a seat whose legal moves are ``legal``.

        Raises :class:`IllegalActionError` when the index names no legal move
        (an amount bucket without a legal range, a card kind not in hand...).
        (:meth:`Masker.action <auctionrules.envs.masker.Masker.action>` decodes it.)
        """
        return self.masker.action(legal, int(index))

    def index(self, action: Action, legal: Legal) -> int:
        """The index of an engine action; an amount maps to its nearest bucket of the
        legal range (exactly when a bucket names it)."""
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
        if cls is Bid and legal.bid is not None:
            return self.bid + bucket_of(action.amount, self.buckets, legal.bid)  # type: ignore[attr-defined]
        if cls is PriceAction and legal.price is not None:
            return self.price + bucket_of(action.amount, self.buckets, legal.price)  # type: ignore[attr-defined]
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
            return f"bid bucket {index - self.bid} ({self._fraction(index - self.bid)})"
        return f"price bucket {index - self.price} ({self._fraction(index - self.price)})"

    def _fraction(self, bucket: int) -> str:
        if bucket == 0:
            return "the minimum"
        if bucket == self.buckets - 1:
            return "the maximum"
        return f"{bucket}/{self.buckets - 1} of the range"
