"""What one player may see (OpenSpiel's observer), as :mod:`.hiding` decides it.

A :class:`View` holds what :func:`~auctionrules.engine.hiding.sight` shows its
seat, and nothing else: never another player's hand, a sealed bid before the
reveal, an unrevealed dummy card, (when ``money.screens``) another player's
cash, the prices paid (unless ``money.public_prices``), or (unless
``auctions.open.limits`` is ``announced``) another player's open-auction limit.
``seat=None`` is the spectator's view.

A view is an immutable value, complete when it is made: it stays what it was
when the game moves on, so a loop may keep it in a variable, an agent may keep
the views of earlier decisions, and nothing has to be copied or frozen later.
It is cheap because it shares its parts instead of building them: the public
part (:class:`~auctionrules.engine.kept.Public`, everything every seat sees
alike) is made once and shared by every view until something public changes,
each hand's sorted cards once per change of the hand, the cash a seat may see
once per payment (see :mod:`.kept`). What is left to make at every view is who
acts and the lot's progress.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from auctionrules.engine.errors import IllegalActionError
from auctionrules.engine.kept import (
    PHASES,
    LotPart,
    Public,
    cash_of,
    fresh,
    kept_of,
    lot_from_pairs,
    lot_part,
    own_of,
    sight_of,
)

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

__all__ = ["FIELDS", "PHASES", "View", "make_view"]

#: The view's fields, in the order of :meth:`View.values`. A new field goes last of
#: the observation's (before ``rules``), so that the others keep their positions.
FIELDS: Final = (
    "seat", "to_act", "_hand", "cash", "lot", "round", "phase", "hand_sizes", "dummy_sizes",
    "board", "counts", "_owned", "_table", "sales", "outcome", "deck_size", "_discard", "flow",
    "paintings", "rules",
)
#: How many fields are the seat's own (the rest are the public part's).
_OWN: Final = FIELDS.index("round")


class View:
    """An observation; :meth:`to_dict` gives its JSON form.

    Fields: ``seat``, ``round`` (1-based), ``phase`` (``lead``, ``auction``,
    ``flip``, ``over``), ``to_act``, ``hand`` (own cards, sorted; ``None`` for a
    spectator), ``hand_sizes``, ``dummy_sizes``, ``cash`` (``None`` where hidden),
    ``board`` (the values placed, one row per round), ``counts`` (cards of each
    artist on the table this round), ``owned`` (cards bought this round, per
    seat), ``table`` (unowned cards laid this round), ``lot`` (the lot under the
    hammer as ``(name, value)`` pairs, ``dict(view.lot)``: ``cards``, ``type``,
    ``leader``, ``adder``, ``auctioneer``, ``high``, ``bids`` (``(seat, amount)``
    pairs), ``high_bidder``, ``price``, ``sealed_done``, ``own_sealed_bid``,
    ``asker``, ``order``, ``pos``, ``passes``, ``out``, ``limits`` (the open-auction
    limits the seat may see: per seat the limit or ``None``; its own, and the
    others' where limits are announced); ``None`` between lots;
    ``lot_part`` is the same lot as a named record),
    ``sales`` (``(round index, buyer, price)`` when prices are public),
    ``outcome``, ``deck_size`` (cards left undealt), ``discard`` (the cards of
    earlier rounds, each seen when laid), ``flow`` (where the round flow stands:
    ``(turn, flipper, resume, last_card_player, last_auctioneer, dummy_next)``:
    the seat to lead or that led last, the seat deciding on a dummy card, the seat
    that leads after it, who laid the last card, who auctioned last, which dummy
    hand is turned over next), ``paintings`` (the paintings each seat acquired
    over the game: bought, taken free, both cards of a double; public, as every
    card's new owner is) and ``rules`` (the compiled rules: public, every player
    knows them; not part of the observation's value, so views of two games under
    the same rules compare).

    Every value is immutable (tuples, never lists), so a view hashes.
    """

    __slots__ = ("_hand", "_lot", "_public", "cash", "seat", "to_act")

    #: the seat (``None``: a spectator)
    seat: int | None
    #: the seats that must act now
    to_act: tuple[int, ...]
    #: the seat's sorted card codes (``None`` for a spectator)
    _hand: tuple[int, ...] | None
    #: the cash the seat may see (``None`` where hidden)
    cash: tuple[int | None, ...]
    #: the lot under the hammer as the seat may see it, or ``None`` between lots
    _lot: LotPart | None
    #: what every seat sees alike, shared by the views made while it holds
    _public: Public

    def __init__(  # noqa: PLR0917 - the seat's own fields, in order
        self,
        seat: int | None,
        to_act: tuple[int, ...],
        hand: tuple[int, ...] | None,
        cash: tuple[int | None, ...],
        lot: LotPart | None,
        public: Public,
    ) -> None:
        self.seat = seat
        self.to_act = to_act
        self._hand = hand
        self.cash = cash
        self._lot = lot
        self._public = public

    @property
    def lot(self) -> tuple[tuple[str, Any], ...] | None:
        """The lot under the hammer as ``(name, value)`` pairs (``dict(view.lot)``), or
        ``None`` between lots."""
        lot = self._lot
        return None if lot is None else lot.pairs()

    @property
    def lot_part(self) -> LotPart | None:
        """The lot under the hammer as a named record, or ``None`` between lots: what
        :attr:`lot` shows as pairs, read by field name (``view.lot_part.high_bidder``;
        cards as codes), for code that decides from it (see
        :class:`~auctionrules.engine.kept.LotPart`)."""
        return self._lot

    # --- the public part's fields ------------------------------------------------------

    @property
    def round(self) -> int:
        """The current round, 1-based."""
        return self._public.round

    @property
    def phase(self) -> str:
        """``lead``, ``auction``, ``flip`` or ``over``."""
        return self._public.phase

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds."""
        return self._public.hand_sizes

    @property
    def dummy_sizes(self) -> tuple[int, ...]:
        """How many cards each dummy hand holds."""
        return self._public.dummy_sizes

    @property
    def board(self) -> tuple[tuple[int, ...], ...]:
        """The values placed on the board, one row per round."""
        return self._public.board

    @property
    def counts(self) -> tuple[int, ...]:
        """The cards of each artist laid this round."""
        return self._public.counts

    @property
    def sales(self) -> tuple[tuple[int, int, int], ...] | None:
        """``(round index, buyer, price)`` of every sale, where prices are public."""
        return self._public.sales

    @property
    def outcome(self) -> tuple[tuple[str, Any], ...] | None:
        """How the game ended, as ``(name, value)`` pairs (``None`` while it goes on)."""
        return self._public.outcome

    @property
    def deck_size(self) -> int:
        """The cards left undealt."""
        return self._public.deck_size

    @property
    def flow(self) -> tuple[int, int, int, int, int, int]:
        """Where the round flow stands (see the class's docstring)."""
        return self._public.flow

    @property
    def paintings(self) -> tuple[int, ...]:
        """The paintings each seat acquired over the game."""
        return self._public.paintings

    @property
    def rules(self) -> Rules:
        """The compiled rules (public: every player knows them)."""
        return self._public.rules

    # --- the parts, cards as codes (for encoders) ----------------------------------------

    @property
    def public(self) -> Public:
        """What every seat sees alike, cards as codes: one object shared by every view
        made while nothing public changed, so what an encoder makes of it may be kept
        by its identity (as ``envs/reader.py`` does)."""
        return self._public

    @property
    def hand_codes(self) -> tuple[int, ...] | None:
        """The seat's own card codes, sorted (``None`` for a spectator): the same tuple
        while the hand is unchanged."""
        return self._hand

    # --- cards by name ------------------------------------------------------------------

    @property
    def hand(self) -> tuple[str, ...] | None:
        """The seat's own cards, sorted (``None`` for a spectator)."""
        hand = self._hand
        if hand is None:
            return None
        names = self.rules.codec.names
        return tuple([names[code] for code in hand])

    @property
    def owned(self) -> tuple[tuple[str, ...], ...]:
        """The cards each seat bought this round."""
        names = self.rules.codec.names
        return tuple([tuple([names[code] for code in cards]) for cards in self._public.owned])

    @property
    def table(self) -> tuple[str, ...]:
        """The unowned cards laid this round (unsold lots, dummy cards)."""
        names = self.rules.codec.names
        return tuple([names[code] for code in self._public.table])

    @property
    def discard(self) -> tuple[str, ...]:
        """The cards of earlier rounds, out of play (each was seen when laid)."""
        names = self.rules.codec.names
        return tuple([names[code] for code in self._public.discard])

    # --- a value ------------------------------------------------------------------------

    def values(self) -> tuple[Any, ...]:
        """Every field, in the order of :data:`FIELDS` (cards as codes)."""
        return (
            self.seat, self.to_act, self._hand, self.cash, self.lot, *self._public.values(),
        )

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values())

    def __reduce__(self) -> tuple[Callable[..., View], tuple[Any, ...]]:
        # (a copy or a pickle is made again from the values)
        return (from_values, (self.values(),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return (
            self.seat == other.seat
            and self.to_act == other.to_act
            and self._hand == other._hand
            and self.cash == other.cash
            and self.lot == other.lot
            and (self._public is other._public or self._public.key() == other._public.key())
        )

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.seat, self.to_act, self._hand, self.cash, self.lot, self._public.key()))

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{name.lstrip('_')}={getattr(self, name.lstrip('_'))!r}" for name in FIELDS[:-1]
        )
        return f"View({parts})"

    def replace(self, **changes: Any) -> View:
        """A copy with some fields changed (as :func:`attrs.evolve`); cards by name."""
        values = list(self.values())
        code = self.rules.codec.by_name
        for name, value in changes.items():
            if f"_{name}" not in FIELDS:
                values[FIELDS.index(name)] = value
            elif name == "owned":
                values[FIELDS.index("_owned")] = tuple(
                    tuple([code[card] for card in cards]) for cards in value
                )
            else:
                values[FIELDS.index(f"_{name}")] = (
                    None if value is None else tuple([code[card] for card in value])
                )
        return from_values(tuple(values))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        lot = self.lot
        sales = self.sales
        outcome = self.outcome
        hand = self.hand
        return {
            "seat": self.seat,
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "hand": list(hand) if hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "dummy_sizes": list(self.dummy_sizes),
            "cash": list(self.cash),
            "board": [list(r) for r in self.board],
            "counts": list(self.counts),
            "owned": [list(o) for o in self.owned],
            "table": list(self.table),
            "lot": {name: _json(value) for name, value in lot} if lot is not None else None,
            "sales": [list(s) for s in sales] if sales is not None else None,
            "outcome": (
                {name: _json(value) for name, value in outcome} if outcome is not None else None
            ),
            "deck_size": self.deck_size,
            "discard": list(self.discard),
            "flow": list(self.flow),
            "paintings": list(self.paintings),
        }


def _json(value: Any) -> Any:
    """A value in its JSON form: tuples as lists."""
    return [_json(item) for item in value] if isinstance(value, tuple) else value


def from_values(values: tuple[Any, ...]) -> View:
    """The view of these values, in the order of :data:`FIELDS` (cards as codes)."""
    seat, to_act, hand, cash, lot = values[:_OWN]
    public = Public(*values[_OWN:])
    return View(seat, to_act, hand, cash, lot_from_pairs(lot, public.rules), public)


def make_view(game: Game, seat: int | None) -> View:
    """What ``seat`` may see (``None``: a spectator)."""
    state = game.state
    if seat is not None and not 0 <= seat < state.n:
        raise IllegalActionError(f"no seat {seat} in a {state.n}-player game")
    kept = kept_of(game)
    look = sight_of(kept, state, seat)
    hand = own_of(kept, state, seat).codes if seat is not None and look.hand else None
    return View(
        seat, game.to_act(), hand, cash_of(kept, state, seat, look),
        lot_part(kept, state, seat, look), fresh(kept, state),
    )
