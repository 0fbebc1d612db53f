"""Small helpers for scenario tests."""

from __future__ import annotations

from collections.abc import Iterable

from auctionrules.engine import Event, Game


def run(game: Game, steps: Iterable[tuple[int, str]]) -> list[Event]:
    """Apply ``(seat, action)`` steps, checking invariants after each; the events."""
    events: list[Event] = []
    for seat, action in steps:
        events.extend(game.apply(action, seat))
        assert game.check_invariants() == [], (seat, action)
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of ``events``."""
    return [e.kind for e in events]


def last(events: Iterable[Event], kind: str) -> Event:
    """The last event of ``kind``."""
    found = [e for e in events if e.kind == kind]
    assert found, kind
    return found[-1]


HIG = ("lite-metal", "yoko", "christin-p", "karl-gitter", "krypto")


def translate(artist_ids: tuple[str, ...], text: str) -> str:
    """``text`` (a card or an action) with 001's artist ids replaced by the artist in
    the same board position of another theme."""
    words = []
    for word in text.split():
        if "/" in word:
            artist, kind = word.split("/")
            words.append(f"{artist_ids[HIG.index(artist)]}/{kind}")
        else:
            words.append(word)
    return " ".join(words)
