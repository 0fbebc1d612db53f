"""Cards: the public value (:class:`Card`) and the integer codes the engine uses inside.

A card is an artist and an auction symbol, printed ``artist-id/auction_type``
(``lite-metal/double``). Inside a game every card is an ``int`` code,
``artist_index * 5 + type_index``, so that hands, counts and the hot path of
random play work on small integers; :class:`Card` objects only appear at the
API boundary (actions, views, events). Cards of the same artist and symbol are
interchangeable, so the deck is a multiset of codes.
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from auctionrules.engine.errors import MalformedActionError
from auctionrules.model import AUCTION_TYPES, Ruleset

#: Index of each auction type in :data:`~auctionrules.model.AUCTION_TYPES`.
OPEN: Final = 0
ONCE_AROUND: Final = 1
SEALED: Final = 2
FIXED_PRICE: Final = 3
DOUBLE: Final = 4
TYPE_INDEX: dict[str, int] = {name: i for i, name in enumerate(AUCTION_TYPES)}
#: The auction a lot is sold by: a card symbol's own type, or a type no card prints
#: that a symbol may be played as (``played_as``): the descending auction.
DESCENDING: Final = 5
#: Every auction a lot may be sold by, by index (the card symbols' types first).
KIND_NAMES: tuple[str, ...] = (*AUCTION_TYPES, "descending")
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}


@attrs.frozen(cache_hash=True)
class Card:
    """One card: an artist id and an auction type (a name of ``AUCTION_TYPES``)."""

    artist: str
    auction: str

    def __str__(self) -> str:
        return f"{self.artist}/{self.auction}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"lite-metal/double"`` -> ``Card("lite-metal", "double")``.

        Only the syntax and the auction type are checked here; whether the artist
        exists depends on the ruleset and is checked when the card is used.
        """
        if not isinstance(text, str):
            raise MalformedActionError(f"{text!r} is not a card: expected artist-id/auction_type")
        artist, sep, auction = text.strip().partition("/")
        if not sep or not artist or auction not in TYPE_INDEX:
            raise MalformedActionError(
                f"{text!r} is not a card: expected artist-id/auction_type with a type among "
                f"{', '.join(AUCTION_TYPES)}"
            )
        return cls(artist, auction)


def code(artist_index: int, type_index: int) -> int:
    """The integer code of a card."""
    return artist_index * 5 + type_index


def code_count(artists: int) -> int:
    """How many card codes ``artists`` artists have: one per artist and auction type
    (the codes run from 0 to this, less one)."""
    return artists * 5


def artist_of(code: int) -> int:
    """The artist's index (its place on the board) of the card ``code``."""
    return code // 5


def auction_of(code: int) -> int:
    """The auction type's index (``OPEN`` ... ``DOUBLE``) of the card ``code``."""
    return code % 5


def first_of_artist(artist_index: int) -> int:
    """The lowest code of the artist's cards (its open-auction card; the artist's
    codes run from it to its double, ``+ DOUBLE``)."""
    return artist_index * 5


class CardCodec:
    """Converts between :class:`Card` values and codes for one ruleset's artists
    (their ids, in board order)."""

    __slots__ = ("artist_ids", "by_name", "cards", "codes", "names")

    def __init__(self, artist_ids: tuple[str, ...]) -> None:
        self.artist_ids = artist_ids
        self.cards: tuple[Card, ...] = tuple(
            Card(a, t) for a in self.artist_ids for t in AUCTION_TYPES
        )
        self.codes: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        #: ``artist-id/auction_type`` of each code.
        self.names: tuple[str, ...] = tuple(str(c) for c in self.cards)
        #: The code of each name.
        self.by_name: dict[str, int] = {name: i for i, name in enumerate(self.names)}

    def __reduce__(self) -> tuple[type[CardCodec], tuple[tuple[str, ...]]]:
        return (CardCodec, (self.artist_ids,))

    def code(self, card: Card) -> int:
        """The code of ``card``; ``MalformedActionError`` if the ruleset has no such artist."""
        try:
            return self.codes[card]
        except KeyError:
            raise MalformedActionError(
                f"{str(card)!r}: no artist {card.artist!r} in this ruleset "
                f"(artists: {', '.join(self.artist_ids)})"
            ) from None

    def card(self, code: int) -> Card:
        """The card of ``code``."""
        return self.cards[code]

    def name(self, code: int) -> str:
        """``artist-id/auction_type`` of ``code``."""
        return str(self.cards[code])


def full_deck(ruleset: Ruleset) -> list[int]:
    """Every card of the ruleset as codes, in board order then auction-type order."""
    deck: list[int] = []
    for a, artist in enumerate(ruleset.theme.artists):
        for t, name in enumerate(AUCTION_TYPES):
            deck.extend([code(a, t)] * artist.split.count(name))
    return deck


def shuffle(deck: list[int], rng: random.Random) -> None:
    """Shuffle ``deck`` in place: the Fisher-Yates shuffle of :meth:`random.Random.shuffle`,
    drawing the same bits, so the deal of a seed is the one ``rng.shuffle`` gives.

    Written out because a seed's deal must not depend on a Python version's
    ``shuffle``, and because it is the dearest step of a new game (its draws
    are calls in ``random``; here they are a loop, compiled with the engine).
    """
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = rng.getrandbits(bits)
        while j >= bound:  # (rejection sampling, as random.Random._randbelow)
            j = rng.getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
