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


def auction(kind: str) -> str:
    """An auction type in words."""
    return AUCTIONS.get(kind, kind.replace("_", " "))
