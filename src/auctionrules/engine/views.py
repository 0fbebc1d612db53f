"""What one player may see: the only place that decides what is hidden (OpenSpiel's observer).

A :class:`View` never holds another player's hand, a sealed bid before the
reveal, an unrevealed dummy card, or (when ``money.screens``) another player's
cash; with screens, the public record of prices paid is included when
``money.public_prices`` is on. ``seat=None`` is the spectator's view.

A view is made at every decision of every agent, so it costs almost nothing until
it is read. Like python-chess's ``board.legal_moves``, a view is light: while its
game stands still it reads each field off the game when asked (a random agent
that reads nothing pays for nothing, an agent that reads its hand and the lot pays
for those), through the parts the game keeps between views (:mod:`.kept`).
Unlike ``legal_moves`` it never changes: the game freezes every view still
alive before it moves on (``Game._send``), computing all its fields once and
dropping its reference to the game. A frozen view is an immutable tuple of
values and reaches nothing else; comparing, hashing, pickling, copying or
printing a view freezes it first, so none of them ever sees the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from auctionrules.engine.errors import IllegalActionError
from auctionrules.engine.kept import (
    PHASES,
    cash_of,
    fresh,
    hand_of,
    lot_of,
    own_of,
    to_act_of,
    values_of,
)

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

__all__ = ["FIELDS", "PHASES", "View", "freeze", "make_view"]

#: The view's fields, in order. A new field goes last of the observation's
#: (before ``rules``), so that the others keep their positions.
FIELDS = (
    "seat", "to_act", "_hand", "cash", "lot", "round", "phase", "hand_sizes", "dummy_sizes",
    "board", "counts", "_owned", "_table", "sales", "outcome", "deck_size", "_discard", "flow",
    "paintings", "rules",
)
#: Fields kept as card codes (cheap to copy, compared as well as names); their
#: properties give the names.
_CODED = ("_hand", "_owned", "_table", "_discard")
_SIZE = len(FIELDS) - 1  # (the rules are not part of the observation's value)
#: Where the public part (kept between views) starts among the fields.
_PUBLIC = FIELDS.index("round")
#: A game keeps at most this many of its live views before it drops those nobody
#: else holds (a game that stands still forever, being over, is viewed without end).
_PRUNE = 64
#: The reference count of a view, on CPython (on other Pythons every view counts as
#: held, and is frozen).
_count: Callable[[object], int] = getattr(sys, "getrefcount", lambda view: 1 << 30)

def _field(index: int, part: Callable[[Any, Any], Any]) -> property:
    """The field ``index``: frozen, from the values; live, ``part(game, seat)``."""

    def get(view: View) -> Any:
        source = view._source
        if source.__class__ is tuple:
            return source[index]
        return part(source, view._seat)

    return property(get)


def _public_field(index: int) -> property:
    """The field ``index`` of the public part: live, from what the game keeps."""
    offset = index - _PUBLIC

    def get(view: View) -> Any:
        source: Any = view._source
        if source.__class__ is tuple:
            return source[index]
        return fresh(source).public[offset]

    return property(get)


class View:
    """A frozen observation; :meth:`to_dict` gives its JSON form.

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
    limits said aloud: per seat the limit or ``None``); ``None`` between lots),
    ``sales`` (``(round index,
    buyer, price)`` when prices are public), ``outcome``, ``deck_size`` (cards
    left undealt), ``discard`` (the cards of earlier rounds, each seen when laid),
    ``flow`` (where the round flow stands: ``(turn, flipper, resume,
    last_card_player, last_auctioneer, dummy_next)``: the seat to lead or that led
    last, the seat deciding on a dummy card, the seat that leads after it, who
    laid the last card, who auctioned last, which dummy hand is turned over next),
    ``paintings`` (the paintings each seat acquired over the game: bought, taken
    free, both cards of a double; public, as every card's new owner is) and
    ``rules`` (the compiled rules: public, every player knows them; not part of
    the observation's value, so views of two games under the same rules compare).

    Every field is the same whenever it is read: while the game stands still it is
    read off the game, and the game freezes the view before it moves on. Every
    value is immutable (tuples, never lists), so a view hashes.
    """

    __slots__ = ("_seat", "_source")

    _seat: int | None
    #: the game while the view is live, every field once it is frozen
    _source: Game | tuple[Any, ...]

    if TYPE_CHECKING:
        seat: int | None
        to_act: tuple[int, ...]
        _hand: tuple[int, ...] | None
        cash: tuple[int | None, ...]
        lot: tuple[tuple[str, Any], ...] | None
        round: int
        phase: str
        hand_sizes: tuple[int, ...]
        dummy_sizes: tuple[int, ...]
        board: tuple[tuple[int, ...], ...]
        counts: tuple[int, ...]
        _owned: tuple[tuple[int, ...], ...]
        _table: tuple[int, ...]
        sales: tuple[tuple[int, int, int], ...] | None
        outcome: tuple[tuple[str, Any], ...] | None
        deck_size: int
        _discard: tuple[int, ...]
        flow: tuple[int, int, int, int, int, int]
        paintings: tuple[int, ...]
        rules: Rules
    else:
        seat = property(lambda self: self._seat)
        to_act = _field(1, to_act_of)
        _hand = _field(2, hand_of)
        cash = _field(3, cash_of)
        lot = _field(4, lot_of)
        for _index in range(_PUBLIC, _SIZE):
            locals()[FIELDS[_index]] = _public_field(_index)
        del _index

        @property
        def rules(self) -> Rules:
            source = self._source
            return source[_SIZE] if source.__class__ is tuple else source.state.rules

    def _frozen(self) -> tuple[Any, ...]:
        """Every field, computed once (the view then forgets the game)."""
        source = self._source
        if source.__class__ is tuple:
            return source
        values = self._source = values_of(source, self._seat)  # type: ignore[arg-type]
        return values

    def __iter__(self) -> Iterator[Any]:
        return iter(self._frozen())

    @property
    def hand(self) -> tuple[str, ...] | None:
        """The seat's own cards, sorted (``None`` for a spectator)."""
        source: Any = self._source
        if source.__class__ is not tuple:
            return None if self._seat is None else own_of(source, self._seat)[3]
        codes, names = source[2], source[_SIZE].codec.names
        return None if codes is None else tuple([names[code] for code in codes])

    @property
    def owned(self) -> tuple[tuple[str, ...], ...]:
        """The cards each seat bought this round."""
        names = self.rules.codec.names
        return tuple([tuple([names[code] for code in cards]) for cards in self._owned])

    @property
    def table(self) -> tuple[str, ...]:
        """The unowned cards laid this round (unsold lots, dummy cards)."""
        names = self.rules.codec.names
        return tuple([names[code] for code in self._table])

    @property
    def discard(self) -> tuple[str, ...]:
        """The cards of earlier rounds, out of play (each was seen when laid)."""
        names = self.rules.codec.names
        return tuple([names[code] for code in self._discard])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._frozen()[:_SIZE] == other._frozen()[:_SIZE]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._frozen()[:_SIZE])

    def __repr__(self) -> str:
        self._frozen()
        parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in _PUBLIC_FIELDS)
        return f"View({parts})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._frozen(),))

    def replace(self, **changes: Any) -> View:
        """A copy with some fields changed (as :func:`attrs.evolve`)."""
        values = list(self._frozen())
        code = self.rules.codec.by_name
        for name, value in changes.items():
            if f"_{name}" not in _CODED:
                values[FIELDS.index(name)] = value
            elif name == "owned":  # given as names, kept as codes
                values[FIELDS.index("_owned")] = tuple(
                    tuple(map(code.__getitem__, cards)) for cards in value
                )
            else:
                values[FIELDS.index(f"_{name}")] = (
                    None if value is None else tuple(map(code.__getitem__, value))
                )
        return _rebuild(tuple(values))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        self._frozen()
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


_PUBLIC_FIELDS = tuple(name.lstrip("_") for name in FIELDS[:_SIZE])


def _json(value: Any) -> Any:
    """A value in its JSON form: tuples as lists."""
    return list(map(_json, value)) if value.__class__ is tuple else value


def _rebuild(values: tuple[Any, ...]) -> View:
    """A frozen view of these values."""
    view = View()
    view._seat = values[0]
    view._source = values
    return view


def make_view(game: Game, seat: int | None) -> View:
    """What ``seat`` may see (``None``: a spectator); ``Game.view`` itself (a method
    call fewer at every decision of every agent)."""
    if seat is not None and not 0 <= seat < game.state.n:
        raise IllegalActionError(f"no seat {seat} in a {game.n}-player game")
    view = View()
    view._seat = seat
    view._source = game
    viewers = game._viewers
    viewers.append(view)
    if len(viewers) > _PRUNE:
        held = []
        for other in viewers:
            if _count(other) > _UNHELD:
                held.append(other)
        viewers[:] = held
    return view


def freeze(viewers: list[View]) -> None:
    """Freeze the views made since the game last moved that someone still holds, and
    forget them all: the game is about to move on. (A view nobody else holds is
    never read again; freezing it would compute every field for nothing.)"""
    for view in viewers:
        if _count(view) > _UNHELD:
            view._frozen()
    viewers.clear()


def _unheld() -> int:
    """The count :func:`freeze` sees of a view that only its list holds, found by
    looking at one the same way (the count depends on the interpreter's version:
    newer ones borrow some references without counting them)."""
    if not hasattr(sys, "getrefcount"):
        return -1  # (every view held)
    viewers = [View()]
    for view in viewers:
        return _count(view)
    raise AssertionError


#: What :func:`_held` counts of a view nobody else holds.
_UNHELD = _unheld()
