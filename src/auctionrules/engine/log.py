"""A readable, one-line-per-event text of a game's log, money in the theme's format."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from auctionrules.engine.events import Event
from auctionrules.model import Ruleset


def artist_name(artist: str, ruleset: Ruleset) -> str:
    """The display name of an artist id in the ruleset's language (the id if unknown)."""
    try:
        return ruleset.theme.artist(artist).name.get(ruleset.language)
    except KeyError:
        return artist


def card_text(card: str, ruleset: Ruleset) -> str:
    """``karl-gitter/fixed_price`` -> ``Karl Gitter (fixed price)`` in the ruleset's language."""
    artist, _, kind = card.partition("/")
    return f"{artist_name(artist, ruleset)} ({kind.replace('_', ' ')})"


def describe(event: Event, ruleset: Ruleset, names: Sequence[str]) -> str | None:
    """One line for ``event``, or ``None`` for events not worth a line."""
    money = ruleset.amount

    def cards(key: str = "cards") -> str:
        return " + ".join(card_text(c, ruleset) for c in event[key])

    kind = event.kind
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if kind == "deal":
        left = event["deck"]
        return f"Round {event.round}: cards dealt {event['cards']} ({left} left in the deck)"
    if kind == "play":
        return f"  {who} auctions {card_text(event['card'], ruleset)}"
    if kind == "add":
        return f"  {who} adds {card_text(event['card'], ruleset)}"
    if kind == "bid":
        return f"    {who} bids {money(event['amount'])}"
    if kind == "pass":
        return f"    {who} passes"
    if kind == "price":
        return f"    {who} sets the price at {money(event['amount'])}"
    if kind == "buy":
        return f"    {who} buys"
    if kind == "sealed-bid":
        return None
    if kind == "reveal":
        shown = ", ".join(f"{names[s]} {money(b)}" for s, b in enumerate(event["bids"]))
        return f"    sealed bids: {shown}"
    if kind == "sold":
        if event.get("free"):
            return f"  -> {who} takes {cards()} free"
        return f"  -> {who} buys {cards()} for {money(event['price'])}"
    if kind == "unsold":
        return f"  -> {cards()} stays unsold"
    if kind == "flip":
        return f"  {who} turns over a dummy card: {card_text(event['card'], ruleset)}"
    if kind == "round-end":
        why = (
            f"5th card of {artist_name(event['artist'], ruleset)}"
            if event["reason"] == "artist-cards"
            else "hands exhausted"
        )
        return f"Round {event.round} ends ({why})"
    if kind == "scored":
        values = ", ".join(
            f"{artist_name(a, ruleset)} {money(v)}" for a, v in event["values"].items() if v
        ) or "nothing"
        pays = ", ".join(f"{names[s]} +{money(p)}" for s, p in enumerate(event["payouts"]))
        return f"  values: {values}; payouts: {pays}"
    if kind == "game-end":
        return f"Game over ({event['reason']})"
    return str(event)


def lines(events: Iterable[Event], ruleset: Ruleset, names: Sequence[str]) -> list[str]:
    """The readable log of ``events``."""
    out = []
    for event in events:
        text = describe(event, ruleset, names)
        if text is not None:
            out.append(text)
    return out
