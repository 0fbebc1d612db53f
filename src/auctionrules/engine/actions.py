"""Actions: small frozen values whose text form parses back.

========================  ==========================================================
``play ARTIST/TYPE``      the auctioneer lays a card from hand (leads a lot)
``add ARTIST/TYPE``       adds the second card to a double
``bid N``                 bids ``N`` in an open, once-around or sealed auction
``limit N``               in an open auction, bids for the seat up to ``N``, the
                          lowest legal bid each time it would be asked (see
                          :class:`Limit`); below the lowest bid: out of the lot
``price N``               names the price of a fixed-price auction
``buy``                   buys at the fixed price
``flip``                  turns over a dummy card
``pass``                  declines: to add, to bid, to buy, to flip
========================  ==========================================================

``str(Action.parse(s)) == s`` for every well-formed ``s`` in canonical form.
``PASS``, ``BUY`` and ``FLIP`` are shared instances (the classes are stateless).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import ClassVar

import attrs

from auctionrules.engine.cards import Card
from auctionrules.engine.errors import MalformedActionError

#: An amount: ASCII digits only (``str.isdigit`` also accepts ``²``), bounded.
_AMOUNT = re.compile(r"[0-9]{1,15}")


class Action:
    """Base of every action; :meth:`parse` reads the text form."""

    __slots__ = ()
    verb: ClassVar[str] = ""

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action; ``MalformedActionError`` says what is wrong with ``text``."""
        if not isinstance(text, str):
            raise MalformedActionError(f"{text!r} is not an action: expected a string")
        words = text.split()
        if not words:
            raise MalformedActionError(f"{text!r} is not an action: it is empty")
        verb, args = words[0].lower(), words[1:]
        if verb in _BARE:
            if args:
                raise MalformedActionError(f"{text!r}: {verb!r} takes no argument")
            return _BARE[verb]
        if verb in ("play", "add"):
            if len(args) != 1:
                raise MalformedActionError(f"{text!r}: {verb!r} takes one card, artist-id/type")
            card = Card.parse(args[0])
            return Play(card) if verb == "play" else Add(card)
        if verb in ("bid", "price", "limit"):
            if len(args) != 1 or not _AMOUNT.fullmatch(args[0]):
                raise MalformedActionError(
                    f"{text!r}: {verb!r} takes one whole non-negative amount "
                    "(digits 0-9, at most 15)"
                )
            amount = int(args[0])
            if verb == "bid":
                return Bid(amount)
            return Price(amount) if verb == "price" else Limit(amount)
        raise MalformedActionError(
            f"{text!r}: unknown verb {verb!r} (play, add, bid, limit, price, buy, flip, pass)"
        )


@attrs.frozen
class Play(Action):
    """The auctioneer lays ``card`` from hand."""

    card: Card
    verb: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Add(Action):
    """Adds ``card`` as the second card of the double on the table."""

    card: Card
    verb: ClassVar[str] = "add"

    def __str__(self) -> str:
        return f"add {self.card}"


@attrs.frozen
class Bid(Action):
    """Bids ``amount`` (open, once-around, sealed)."""

    amount: int
    verb: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen
class Limit(Action):
    """In an open auction, the most the seat will pay: from this answer on, in this
    lot, the engine answers for the seat whenever it would be asked (a pass while it
    holds the high bid, else the lowest legal bid while that is at most ``amount``,
    else a pass), as a player at a table says "I go up to 40,000". A limit below the
    lowest legal bid drops the seat out of the lot (``limit 0``)."""

    amount: int
    verb: ClassVar[str] = "limit"

    def __str__(self) -> str:
        return f"limit {self.amount}"


@attrs.frozen
class Price(Action):
    """Names the fixed price ``amount``."""

    amount: int
    verb: ClassVar[str] = "price"

    def __str__(self) -> str:
        return f"price {self.amount}"


@attrs.frozen
class Buy(Action):
    """Buys the lot at the fixed price."""

    verb: ClassVar[str] = "buy"

    def __str__(self) -> str:
        return "buy"


@attrs.frozen
class Flip(Action):
    """Turns over a dummy card."""

    verb: ClassVar[str] = "flip"

    def __str__(self) -> str:
        return "flip"


@attrs.frozen
class Pass(Action):
    """Declines whatever is asked: adding, bidding, buying or flipping."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
BUY = Buy()
FLIP = Flip()
_BARE: dict[str, Action] = {"pass": PASS, "buy": BUY, "flip": FLIP}

#: Shared ``Bid`` and ``Price`` values per amount: agents and playouts make one per
#: decision, and building a frozen attrs value costs more than a cache lookup.
bid_of = lru_cache(maxsize=4096)(Bid)
price_of = lru_cache(maxsize=4096)(Price)
