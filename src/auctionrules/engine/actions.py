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
from typing import Any, ClassVar, Final

from auctionrules.engine.cards import Card
from auctionrules.engine.errors import MalformedActionError

#: An amount: ASCII digits only (``str.isdigit`` also accepts ``²``), bounded.
_AMOUNT = re.compile(r"[0-9]{1,15}")


class Action:
    """Base of every action; :meth:`parse` reads the text form.

    An action is an immutable value: its fields are read-only properties, two
    actions are equal when they are of the same class with equal :meth:`fields`,
    and equal actions hash alike (a subclass adds its fields to :meth:`fields`).
    """

    __slots__ = ()
    verb: ClassVar[str] = ""

    def fields(self) -> tuple[Any, ...]:
        """The action's fields, in order (none for ``pass``, ``buy``, ``flip``)."""
        return ()

    def __eq__(self, other: object) -> bool:
        # (another kind of action is unequal, said as a bool: compiled callers that
        # compare two actions take the answer as one)
        if not isinstance(other, Action):
            return NotImplemented
        return type(other) is type(self) and self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return type(other) is not type(self) or self.fields() != other.fields()

    def __hash__(self) -> int:
        return hash((self.verb, *self.fields()))

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        # (a copy or a pickle is made again from the fields)
        return (type(self), self.fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __str__(self) -> str:
        return self.verb

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


class CardAction(Action):
    """An action naming a card: :class:`Play` and :class:`Add`."""

    __slots__ = ("_card",)

    def __init__(self, card: Card) -> None:
        self._card = card

    @property
    def card(self) -> Card:
        """The card laid or added."""
        return self._card

    def fields(self) -> tuple[Any, ...]:
        return (self._card,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(card={self._card!r})"

    def __str__(self) -> str:
        return f"{self.verb} {self._card}"


class AmountAction(Action):
    """An action naming an amount: :class:`Bid`, :class:`Limit` and :class:`Price`."""

    __slots__ = ("_amount",)

    def __init__(self, amount: int) -> None:
        # (compiled, the call itself refuses any other type, with this message: the
        # same here, so that a float never reaches a game, its record or a replay)
        if not isinstance(amount, int):
            got = "None" if amount is None else type(amount).__name__
            raise TypeError(f"int object expected; got {got}")
        self._amount = amount

    @property
    def amount(self) -> int:
        """The amount bid, said as a limit, or named as the price."""
        return self._amount

    def fields(self) -> tuple[Any, ...]:
        return (self._amount,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(amount={self._amount!r})"

    def __str__(self) -> str:
        return f"{self.verb} {self._amount}"


class Play(CardAction):
    """The auctioneer lays ``card`` from hand."""

    __slots__ = ()
    verb: ClassVar[str] = "play"


class Add(CardAction):
    """Adds ``card`` as the second card of the double on the table."""

    __slots__ = ()
    verb: ClassVar[str] = "add"


class Bid(AmountAction):
    """Bids ``amount`` (open, once-around, sealed)."""

    __slots__ = ()
    verb: ClassVar[str] = "bid"


class Limit(AmountAction):
    """In an open auction, the most the seat will pay: from this answer on, in this
    lot, the engine answers for the seat whenever it would be asked (a pass while it
    holds the high bid, else the lowest legal bid while that is at most ``amount``,
    else a pass), as a player at a table says "I go up to 40,000". A limit below the
    lowest legal bid drops the seat out of the lot (``limit 0``)."""

    __slots__ = ()
    verb: ClassVar[str] = "limit"


class Price(AmountAction):
    """Names the fixed price ``amount``."""

    __slots__ = ()
    verb: ClassVar[str] = "price"


class Buy(Action):
    """Buys the lot at the fixed price."""

    __slots__ = ()
    verb: ClassVar[str] = "buy"


class Flip(Action):
    """Turns over a dummy card."""

    __slots__ = ()
    verb: ClassVar[str] = "flip"


class Pass(Action):
    """Declines whatever is asked: adding, bidding, buying or flipping."""

    __slots__ = ()
    verb: ClassVar[str] = "pass"


PASS: Final = Pass()
BUY: Final = Buy()
FLIP: Final = Flip()
_BARE: dict[str, Action] = {"pass": PASS, "buy": BUY, "flip": FLIP}

#: Shared ``Bid`` and ``Price`` values per amount: agents and playouts make one per
#: decision, and in plain Python building a value costs more than a cache lookup.
bid_of = lru_cache(maxsize=4096)(Bid)
price_of = lru_cache(maxsize=4096)(Price)
