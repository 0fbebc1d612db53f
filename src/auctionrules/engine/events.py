"""Events: what happened, as immutable values in the game's log.

The events of :attr:`Game.events <auctionrules.engine.Game.events>` are public,
as a spectator sees them (:mod:`.hiding` decides): hands are never listed
(``deal`` gives only the number of cards each hand received), a sealed bid is a
``sealed-bid`` without its amount until the ``reveal`` event, a dummy card
appears only once it is turned over, and where open-auction limits are private
(``auctions.open.limits``) a ``limit`` is not told and the bids and passes the
engine makes on it are not marked ``automatic``. So the whole log can be shown
to any player; a seat's own events
(:func:`~auctionrules.engine.hiding.events_seen`) add its own sealed bids and
limits.

Rounds are numbered from 1 (``event.round``), as in views, records and
:attr:`Game.round <auctionrules.engine.Game.round>`. A ``sold``
event's ``payments`` are ``[recipient, amount]`` pairs, the recipient a seat or
:data:`~auctionrules.engine.BANK` (``-1``), the bank. A ``round-end`` event names
the cards that end the round unsold (``unsold``: the lot whose card reached the
round-ending count, never auctioned). A ``scored`` event's ``totals`` are each
artist's column total on the board so far (also given as ``board``, its older
name); a view's ``board`` is the board itself, one row per round.

An event is a small immutable slotted value; its ``fields`` mapping must not be
modified. The game writes the raw entries of its history (:mod:`.history`) and
makes the event of an entry only when it is read: most never are.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from auctionrules.engine.game import Game



class Event:
    """One thing that happened: ``kind`` (``deal``, ``play``, ``add``, ``bid``, ``pass``,
    ``price``, ``buy``, ``sealed-bid``, ``reveal``, ``sold``, ``unsold``, ``flip``,
    ``round-end``, ``scored``, ``game-end``), the 1-based ``round`` and JSON-able
    ``fields`` (read-only by convention). ``event["seat"]`` reads a field."""

    __slots__ = ("_fields", "_kind", "_round")

    def __init__(self, kind: str, round: int, fields: dict[str, Any]) -> None:
        self._kind = kind
        self._round = round
        self._fields = fields

    # (read-only properties: an event never changes once made)
    @property
    def kind(self) -> str:
        """What happened: ``deal``, ``play``, ``bid``... (see the class's docstring)."""
        return self._kind

    @property
    def round(self) -> int:
        """The round it happened in, 1-based."""
        return self._round

    @property
    def fields(self) -> dict[str, Any]:
        """What it says, JSON-able (read-only by convention)."""
        return self._fields

    def __reduce__(self) -> tuple[type[Event], tuple[str, int, dict[str, Any]]]:
        return (Event, (self.kind, self.round, self.fields))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.round, self.fields) == (other.kind, other.round, other.fields)

    def __hash__(self) -> int:
        return hash((self.kind, self.round, repr(sorted(self.fields.items()))))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.round}, {self.fields!r})"

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        """The field ``key``, or ``default``."""
        return self.fields.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form: ``{"kind": ..., "round": ..., **fields}``."""
        out: dict[str, Any] = {"kind": self.kind, "round": self.round}
        out.update(self.fields)
        return out

    def __str__(self) -> str:
        rest = " ".join(f"{k}={v}" for k, v in self.fields.items())
        return f"[r{self.round}] {self.kind} {rest}".rstrip()


class Events:
    """The events one action caused, as :meth:`Game.apply
    <auctionrules.engine.Game.apply>` returns them: a read-only sequence that
    builds its :class:`Event` values when first read (most loops never read
    them). It compares equal to a tuple or list of the same events."""

    __slots__ = ("_game", "_items", "_start", "_stop")

    def __init__(self, game: Game, start: int, stop: int) -> None:
        # the events of the game's log entries start..stop, built when first read
        self._game: Game | None = game
        self._start, self._stop = start, stop
        self._items: tuple[Event, ...] = ()

    def _events(self) -> tuple[Event, ...]:
        game = self._game
        if game is not None:
            self._items, self._game = tuple(game._materialise(self._start, self._stop)), None
        return self._items

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        return self._events()[index]

    def __len__(self) -> int:
        return len(self._events())

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events())

    def __contains__(self, event: object) -> bool:
        return event in self._events()

    def __reversed__(self) -> Iterator[Event]:
        return reversed(self._events())

    def index(self, event: Event) -> int:
        """Where ``event`` first stands."""
        return self._events().index(event)

    def count(self, event: Event) -> int:
        """How many times ``event`` stands."""
        return self._events().count(event)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events):
            return self._events() == other._events()
        if isinstance(other, (tuple, list)):
            return self._events() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._events())

    def __repr__(self) -> str:
        return repr(self._events())


Sequence.register(Events)  # (a sequence in every way, made without the ABC's machinery)
