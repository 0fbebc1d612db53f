"""The game's history: the one log every reader of the past is built from.

The events (:mod:`.events`), the action log (``Game.log``), the records and the
views all read the same list of raw entries, so the shape of an entry must be
agreed on by the code that writes it and the code that reads it back. Both are
here: one constructor per kind of entry (``bid(round, seat, amount)``,
``sold(round, ...)``...), and :func:`materialise` and :func:`actions_of`, which
read them. Nothing else builds an entry (``tests/engine/test_history.py`` scans
the engine's source for one), and only the round flow appends to the history:
:mod:`.decisions` the actions, :mod:`.flow` what follows from them; the auction
types return what happened and leave the writing to the flow.

Entries are tuples, not events, because random play writes some 300 a game and
most are never read: an entry costs one small tuple (no dict, no object), and the
:class:`~auctionrules.engine.events.Event` is made only when someone reads it.
The history stays a plain ``list`` (its ``append`` and indexing are the
interpreter's fastest), and the constructors are plain functions: a writer
appends what one returns. Most entries the bidding loop writes name only a seat
and a card (a pass, a lead...); those are made once by :func:`round_entries` and
shared, so the loop pays a constructor call only for an amount (a bid, a price).

Three raw forms, told apart by the class of the third item:

* compact ``(kind, round, seat, *values)`` for the actions (a seat, an ``int``;
  see :data:`COMPACT`): one entry per action, so the compact entries are also the
  action log;
* ``(kind, round, fields)`` with a ``dict`` of fields, for the events that are
  not actions and cost nothing to build;
* deferred ``(kind, round, build, *args)`` where ``build(entry)`` makes the fields
  from the whole entry, for events whose fields cost more to build than to keep
  the values they come from (the arguments must not change afterwards).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any

from auctionrules.engine.actions import BUY, FLIP, PASS, Action, Limit, bid_of, price_of
from auctionrules.engine.events import Event

if TYPE_CHECKING:
    from auctionrules.engine.rules import Rules

#: Field names of the events of actions, in the order of their compact entries
#: ``(kind, round, seat, *values)``. The event of an entry says all it holds; what a
#: seat may see of it (a sealed bid's amount, a limit) is
#: :func:`auctionrules.engine.hiding.seen`'s to decide.
COMPACT: dict[str, tuple[str, ...]] = {
    "play": ("seat", "card"),
    "add": ("seat", "card"),
    "bid": ("seat", "amount"),
    "limit": ("seat", "amount", "out"),
    "price": ("seat", "amount"),
    "pass": ("seat",),
    "buy": ("seat",),
    "sealed-bid": ("seat", "amount"),
    "flip": ("seat", "hand", "card"),
}

#: A raw entry (one of the three forms).
Entry = tuple[Any, ...]
#: The history: a game's raw entries, in order.
History = list[Entry]
#: Entries of one kind, one per seat (or per card code).
PerSeat = tuple[Entry, ...]

#: Every kind of entry (and so of event), in the order a game meets them.
KINDS: tuple[str, ...] = (
    "deal", "play", "add", "bid", "limit", "pass", "price", "buy", "sealed-bid", "reveal",
    "sold", "unsold", "flip", "round-end", "scored", "game-end", "price-falls",
)


# --- the constructors: one per kind of entry, the 1-based round ``number`` first ---------
# the actions: compact entries (see COMPACT)


def play(number: int, seat: int, card: str) -> Entry:
    """``seat`` led ``card`` (a card name)."""
    return ("play", number, seat, card)


def add(number: int, seat: int, card: str) -> Entry:
    """``seat`` added ``card`` to the double under the hammer."""
    return ("add", number, seat, card)


def bid(number: int, seat: int, amount: int) -> Entry:
    """``seat`` bid ``amount`` in an open or once-around auction."""
    return ("bid", number, seat, amount)


def limit(number: int, seat: int, amount: int, out: bool) -> Entry:
    """``seat`` said its limit ``amount`` in an open auction; ``out``: it is below the
    lowest bid then, so the seat is out of the lot (the engine's answers for it follow
    as ``bid`` and ``pass`` events of no action: :func:`automatic_bid`)."""
    return ("limit", number, seat, amount, out)


def price(number: int, seat: int, amount: int) -> Entry:
    """The auctioneer ``seat`` named the fixed price ``amount``."""
    return ("price", number, seat, amount)


def pass_(number: int, seat: int) -> Entry:
    """``seat`` passed (a bid, a purchase, a double's second card, a flip)."""
    return ("pass", number, seat)


def buy(number: int, seat: int) -> Entry:
    """``seat`` bought the lot at the fixed price."""
    return ("buy", number, seat)


def sealed_bid(number: int, seat: int, amount: int | None) -> Entry:
    """``seat`` made its sealed bid, ``amount`` or ``None`` for an empty fist (the
    others see the amount only at the ``reveal``)."""
    return ("sealed-bid", number, seat, amount)


def flip(number: int, seat: int, hand: int, card: str) -> Entry:
    """``seat`` chose to turn over the top ``card`` of dummy hand ``hand``."""
    return ("flip", number, seat, hand, card)


# what follows from the actions


def deal(number: int, cards: list[int], deck: int) -> Entry:
    """The hands received ``cards`` cards each (never which); ``deck`` are left."""
    return ("deal", number, {"cards": cards, "deck": deck})


def reveal(number: int, bids: list[int]) -> Entry:
    """The sealed bids opened, one per seat (0: an empty fist)."""
    return ("reveal", number, {"bids": bids})


def sold(  # noqa: PLR0917 - positional: a call with keywords costs more, once a sale
    number: int,
    names: Sequence[str],
    seat: int,
    price: int,
    cards: list[int],
    auctioneer: int,
    payments: Sequence[tuple[int, int]],
) -> Entry:
    """``seat`` bought the lot's ``cards`` (codes, named by ``names``) for ``price``,
    paid as ``payments``. Deferred (:func:`sold_fields`)."""
    return ("sold", number, sold_fields, names, seat, price, cards, auctioneer, payments)


def taken_free(number: int, seat: int, cards: list[str], auctioneer: int) -> Entry:
    """``seat`` took the lot's ``cards`` without paying: a ``sold`` event at price 0,
    marked ``free``."""
    return ("sold", number, {
        "seat": seat, "price": 0, "cards": cards, "auctioneer": auctioneer,
        "payments": [], "free": True,
    })


def price_falls(number: int, amount: int) -> Entry:
    """Every player passed at a descending auction's price: it falls to ``amount``."""
    return ("price-falls", number, {"amount": amount})


def unsold(number: int, cards: list[str]) -> Entry:
    """The lot's ``cards`` stay on the table, unowned."""
    return ("unsold", number, {"cards": cards})


def automatic_bid(number: int, seat: int, amount: int) -> Entry:
    """The engine bid ``amount`` for ``seat``, on its limit: the ``bid`` event of no
    action (not a compact entry, so the action log leaves it out), marked
    ``automatic``."""
    return ("bid", number, {"seat": seat, "amount": amount, "automatic": True})


def automatic_pass(number: int, seat: int) -> Entry:
    """The engine passed for ``seat``, on its limit: the ``pass`` event of no action,
    marked ``automatic``."""
    return ("pass", number, {"seat": seat, "automatic": True})


def dummy_flip(number: int, seat: int, hand: int, card: str) -> Entry:
    """A dummy ``card`` of hand ``hand`` turned over automatically, ``seat`` laying
    it: the ``flip`` event of no action (not a compact entry)."""
    return ("flip", number, {"seat": seat, "hand": hand, "card": card})


def round_end(  # noqa: PLR0917 - positional, as sold
    number: int,
    ids: Sequence[str],
    reason: str,
    artist: int | None,
    counts: Sequence[int],
    names: Sequence[str],
    unsold: list[int],
) -> Entry:
    """The round ended for ``reason`` (``artist``'s card ended it, or ``None``).
    Deferred (:func:`round_end_fields`): ``counts`` and ``unsold`` must not change."""
    return ("round-end", number, round_end_fields, ids, reason, artist, counts, names, unsold)


def scored(  # noqa: PLR0917 - positional, as sold
    number: int,
    ids: Sequence[str],
    ranked: Sequence[int],
    added: Sequence[int],
    board: list[list[int]],
    round_index: int,
    values: Sequence[int],
    payouts: Sequence[int],
) -> Entry:
    """The round was scored. Deferred (:func:`scored_fields`): the board's rows up to
    ``round_index`` never change again."""
    return (
        "scored", number, scored_fields, ids, ranked, added, board, round_index,
        values, payouts,
    )


def game_end(number: int, reason: str, cash: list[int], winners: list[int]) -> Entry:
    """The game ended for ``reason`` with ``cash``; ``winners`` are seats."""
    return ("game-end", number, {"reason": reason, "cash": cash, "winners": winners})


#: :func:`round_entries`: every seat's ``pass``, ``buy`` and empty fist, and its ``play``
#: of each card code.
RoundEntries = tuple[PerSeat, PerSeat, PerSeat, tuple[PerSeat, ...]]


@lru_cache(maxsize=128)
def round_entries(number: int, players: int, names: tuple[str, ...]) -> RoundEntries:
    """The entries of round ``number`` that name nothing but a seat and a card, made by
    the constructors for every seat: ``(passes, buys, empty_fists, plays)``, indexed by
    seat (``plays[seat][code]`` for the card ``names[code]``).

    An entry never changes, so one value serves every time it is written, in any
    game: the bidding loop, which writes some 180 of these a game, takes them from
    here instead of calling a constructor each time.
    """
    seats = range(players)
    return (
        tuple([pass_(number, seat) for seat in seats]),
        tuple([buy(number, seat) for seat in seats]),
        tuple([sealed_bid(number, seat, None) for seat in seats]),
        tuple([tuple([play(number, seat, name) for name in names]) for seat in seats]),
    )


# --- reading the entries back -------------------------------------------------------------


def materialise(raw: tuple[Any, ...]) -> Event:
    """The :class:`~auctionrules.engine.events.Event` of a raw entry (any of the three
    forms: see the module docstring), all it holds: what a seat may see of it is
    :func:`~auctionrules.engine.hiding.seen`."""
    fields = raw[2]
    cls = fields.__class__
    if cls is dict:
        return Event(raw[0], raw[1], fields)
    if cls is int:
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
        elif kind == "limit":
            action = Limit(entry[3])
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
    """``sold``: who bought the lot's cards, at what price, and who was paid what
    (an entry of :func:`sold`)."""
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
    the cards that end the round unsold (the lot under the hammer, never auctioned)
    (an entry of :func:`round_end`)."""
    ids, reason, artist, counts, names, unsold = raw[3:]
    return {
        "reason": reason,
        "artist": None if artist is None else ids[artist],
        "counts": dict(zip(ids, counts, strict=True)),
        "unsold": [names[c] for c in unsold],
    }


def scored_fields(raw: tuple[Any, ...]) -> dict[str, Any]:
    """``scored``: the ranking, the values placed, each artist's total on the board so
    far (``totals``, and ``board`` its older name; rows up to the round's, which never
    change again) and the payouts (an entry of :func:`scored`)."""
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
