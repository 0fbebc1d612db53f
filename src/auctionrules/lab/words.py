"""The lab's figures in words, as a report names them to a designer."""

from __future__ import annotations

#: Auction types (of the card that opened the lot) in words, in the rulebook's order.
AUCTIONS = {
    "open": "open auctions",
    "once_around": "once-around auctions",
    "sealed": "sealed auctions",
    "fixed_price": "fixed-price auctions",
    "double": "doubles",
}


def pct(rate: float) -> str:
    """``0.2512`` as ``25.1%``."""
    return f"{100 * rate:.1f}%"


def interval(ci: list[float] | tuple[float, float]) -> str:
    """A 95 % interval of a rate."""
    return f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def auction(kind: str) -> str:
    """An auction type in words."""
    return AUCTIONS.get(kind, kind.replace("_", " "))


#: How a round ends (its ``round-end`` reason), in words, in the order a round meets them.
ROUND_ENDS = {
    "artist-cards": "on an artist's last card",
    "hands-exhausted": "on empty hands",
    "no-playable-card": "nobody can lead a card",
}
