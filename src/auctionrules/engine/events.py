"""Events: what happened, as immutable values in the game's log.

Every event is public: hands are never listed (``deal`` gives only the number
of cards each hand received), a sealed bid is logged as ``sealed-bid`` without
its amount until the ``reveal`` event, and a dummy card appears only once
it is turned over. So the whole log can be shown to any player.

Rounds are numbered from 1 (``event.round``), as in views, records and
:attr:`Game.round_number <auctionrules.engine.Game.round_number>`. A ``sold``
event's ``payments`` are ``[recipient, amount]`` pairs, the recipient a seat or
:data:`~auctionrules.engine.BANK` (``-1``), the bank. A ``round-end`` event names
the cards that end the round unsold (``unsold``: the lot whose card reached the
round-ending count, never auctioned). A ``scored`` event's ``totals`` are each
artist's column total on the board so far (also given as ``board``, its older
name); a view's ``board`` is the board itself, one row per round.

An event is a small immutable slotted value (cheap to create: random play makes
one per action); its ``fields`` mapping must not be modified.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any, overload

from auctionrules.engine.actions import BUY, FLIP, PASS, Action, bid_of, price_of

if TYPE_CHECKING:
    from auctionrules.engine.rules import Rules

_set = object.__setattr__

#: Field names of the events of actions, which the log keeps in the compact raw form
#: ``(kind, round, seat, *values)`` instead of ``(kind, round, fields)`` (no dict per
#: action). Every action leaves exactly one compact entry and nothing else does, so
#: the compact entries are also the game's action log (:func:`actions_of`). An
#: entry may end with values its event does not show: a sealed bid's amount (or
#: ``None`` for an empty fist), hidden until the ``reveal`` event.
COMPACT: dict[str, tuple[str, ...]] = {
    "play": ("seat", "card"),
    "add": ("seat", "card"),
    "bid": ("seat", "amount"),
    "price": ("seat", "amount"),
    "pass": ("seat",),
    "buy": ("seat",),
    "sealed-bid": ("seat",),
    "flip": ("seat", "hand", "card"),
}


class Event:
    """One thing that happened: ``kind`` (``deal``, ``play``, ``add``, ``bid``, ``pass``,
    ``price``, ``buy``, ``sealed-bid``, ``reveal``, ``sold``, ``unsold``, ``flip``,
    ``round-end``, ``scored``, ``game-end``), the 1-based ``round`` and JSON-able
    ``fields`` (read-only by convention). ``event["seat"]`` reads a field."""

    __slots__ = ("fields", "kind", "round")
    kind: str
    round: int
    fields: dict[str, Any]

    def __init__(self, kind: str, round: int, fields: dict[str, Any]) -> None:
        _set(self, "kind", kind)
        _set(self, "round", round)
        _set(self, "fields", fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Event is immutable: cannot set {name!r}")

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


class Events(Sequence[Event]):
    """The events one action caused, as :meth:`Game.apply
    <auctionrules.engine.Game.apply>` returns them: a read-only sequence that
    builds its :class:`Event` values when first read (most loops never read
    them). It compares equal to a tuple or list of the same events."""

    __slots__ = ("_items", "_source", "_start", "_stop")

    def __init__(self, source: Callable[[int, int], list[Event]], start: int, stop: int) -> None:
        # ``source(start, stop)`` builds the events of the log's entries start..stop
        self._source: Callable[[int, int], list[Event]] | None = source
        self._start, self._stop = start, stop

    def _events(self) -> tuple[Event, ...]:
        source = self._source
        if source is not None:
            self._items, self._source = tuple(source(self._start, self._stop)), None
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


def materialise(raw: tuple[Any, ...]) -> Event:
    """The :class:`Event` of a raw log entry.

    Three raw forms: ``(kind, round, fields)``; compact ``(kind, round, seat,
    *values)`` for actions (see :data:`COMPACT`); and deferred ``(kind, round, build, *args)``
    where ``build(raw)`` makes the fields from the whole entry, for events whose
    fields cost more to build than to keep the values they come from (the
    arguments must not change afterwards).
    """
    fields = raw[2]
    cls = fields.__class__
    if cls is dict:
        return Event(raw[0], raw[1], fields)
    if cls is int:  # (the slice leaves out a sealed bid's hidden amount)
        names = COMPACT[raw[0]]
        return Event(raw[0], raw[1], dict(zip(names, raw[2 : 2 + len(names)], strict=True)))
    return Event(raw[0], raw[1], fields(raw))


def actions_of(
    raw: Sequence[tuple[Any, ...]], start: int, rules: Rules
) -> Iterator[tuple[int, Action]]:
    """The actions of the compact entries of ``raw`` from index ``start``, as
    ``(seat, action)``: the action log read back from the history."""
    by_name, bid, price = rules.codec.by_name, bid_of, price_of
    for entry in islice(raw, start, None):
        if entry[2].__class__ is not int:
            continue
        kind, seat = entry[0], entry[2]
        if kind == "bid":
            action: Action = bid(entry[3])
        elif kind == "pass":
            action = PASS
        elif kind == "play":
            action = rules.plays[by_name[entry[3]]]
        elif kind == "sealed-bid":
            action = PASS if entry[3] is None else bid(entry[3])
        elif kind == "price":
            action = price(entry[3])
        elif kind == "buy":
            action = BUY
        elif kind == "add":
            action = rules.adds[by_name[entry[3]]]
        else:
            assert kind == "flip", kind
            action = FLIP
        yield seat, action


# --- builders of deferred fields (see materialise) ------------------------------------------


def sold_fields(raw: tuple[Any, ...]) -> dict[str, Any]:
    """``sold``: who bought the lot's cards, at what price, and who was paid what.

    ``raw`` is ``("sold", round, sold_fields, names, seat, price, cards, auctioneer,
    payments)``.
    """
    names, seat, price, cards, auctioneer, payments = raw[3:]
    return {
        "seat": seat,
        "price": price,
        "cards": [names[c] for c in cards],
        "auctioneer": auctioneer,
        "payments": [list(p) for p in payments],
    }


def round_end_fields(raw: tuple[Any, ...]) -> dict[str, Any]:
    """``round-end``: why the round ended, the artist whose card ended it, the counts,
    the cards that end the round unsold (the lot under the hammer, never auctioned).

    ``raw`` is ``("round-end", round, round_end_fields, ids, reason, artist, counts,
    names, unsold)``.
    """
    ids, reason, artist, counts, names, unsold = raw[3:]
    return {
        "reason": reason,
        "artist": None if artist is None else ids[artist],
        "counts": dict(zip(ids, counts, strict=True)),
        "unsold": [names[c] for c in unsold],
    }


def scored_fields(raw: tuple[Any, ...]) -> dict[str, Any]:
    """``scored``: the ranking, the values placed, each artist's total on the board so
    far (``totals``, and ``board`` its older name; rows up to ``round_index``, which
    never change again) and the payouts.

    ``raw`` is ``("scored", round, scored_fields, ids, ranked, added, board,
    round_index, values, payouts)``.
    """
    ids, ranked, added, board, round_index, values, payouts = raw[3:]
    rows = board[: round_index + 1]
    totals = dict(zip(ids, map(sum, zip(*rows, strict=True)), strict=True))
    return {
        "ranked": [ids[a] for a in ranked],
        "added": dict(zip(ids, added, strict=True)),
        "totals": totals,
        "board": dict(totals),
        "values": dict(zip(ids, values, strict=True)),
        "payouts": list(payouts),
    }
