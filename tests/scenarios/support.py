"""Helpers of the rulebook scenario tests.

Cards and actions are written with board positions instead of artist ids:
``a0/open`` is the leftmost artist of the variant's board (Lite Metal, Objects,
Manet, ...), ``a4`` the rightmost. Amounts are written in the books' small units
and scaled with :func:`k` (x1,000 in the Hans im Glück books, x1 elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from auctionrules.engine import Event, Game
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

#: Every bundled variant.
VARIANTS = ("hig-1992-en", "hig-1992-fr", "taiwan", "boardpia-modern", "boardpia-renaissance",
            "cmon-2017")

_TOKEN = re.compile(r"\ba([0-4])/")


@cache
def ruleset(ref: str) -> Ruleset:
    """A bundled ruleset, or ``base+module+...`` extended by bundled modules."""
    if "+" not in ref:
        return load_ruleset(ref)
    base, *modules = ref.split("+")
    return load_ruleset(base, modules=modules)


def ids(variant: str) -> tuple[str, ...]:
    """The variant's artist ids in board order."""
    return tuple(a.id for a in ruleset(variant).theme.artists)


def tr(variant: str, text: str) -> str:
    """``text`` with ``aN/`` replaced by the variant's N-th artist id."""
    names = ids(variant)
    return _TOKEN.sub(lambda m: f"{names[int(m.group(1))]}/", text)


def scale(variant: str) -> int:
    """1,000 for the Hans im Glück books (100,000 start), 1 for the others (100 start)."""
    return ruleset(variant).money.starting_cash // 100


def k(variant: str, text: str) -> str:
    """An action with its amount in small units scaled: ``bid 12`` -> ``bid 12000``."""
    words = tr(variant, text).split()
    if len(words) == 2 and words[0] in ("bid", "price", "limit"):
        return f"{words[0]} {int(words[1]) * scale(variant)}"
    return " ".join(words)


def position(
    variant: str,
    players: int,
    hands: Sequence[Sequence[str]],
    **kwargs: Any,
) -> Game:
    """``Game.from_position`` with ``aN/`` cards translated, ``cash`` and ``board`` (a dict)
    in small units."""
    rs = ruleset(variant)
    for key in ("played", "deck"):
        if kwargs.get(key) is not None:
            kwargs[key] = [tr(variant, c) for c in kwargs[key]]
    for key in ("dummy_hands", "owned"):
        if kwargs.get(key) is not None:
            kwargs[key] = [[tr(variant, c) for c in h] for h in kwargs[key]]
    if kwargs.get("board") is not None:
        kwargs["board"] = {a: [v * scale(variant) for v in vs] for a, vs in kwargs["board"].items()}
    if kwargs.get("cash") is not None:
        kwargs["cash"] = [c * scale(variant) for c in kwargs["cash"]]
    return Game.from_position(
        rs, players, hands=[[tr(variant, c) for c in h] for h in hands], **kwargs
    )


def play(game: Game, variant: str, steps: Iterable[tuple[int, str]]) -> list[Event]:
    """Apply ``(seat, action)`` steps (translated, amounts scaled); the events."""
    events: list[Event] = []
    for seat, action in steps:
        events.extend(game.apply(k(variant, action), seat))
        assert game.check_invariants() == [], (seat, action)
    return events


def cash(game: Game, variant: str) -> list[int]:
    """Every seat's cash in small units."""
    s = scale(variant)
    assert all(c % s == 0 for c in game.state.cash), game.state.cash
    return [c // s for c in game.state.cash]


def last(events: Iterable[Event], kind: str) -> Event:
    """The last event of ``kind``."""
    found = [e for e in events if e.kind == kind]
    assert found, kind
    return found[-1]


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of ``events``."""
    return [e.kind for e in events]


def names(game: Game, codes: Iterable[int]) -> list[str]:
    """Card names of codes."""
    return [game.rules.codec.name(c) for c in codes]
