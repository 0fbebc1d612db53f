"""The ruleset model: frozen value classes that mirror ``schemas/ruleset.schema.json``.

Every class and field carries the name of the schema property it comes from, so
a YAML key, its schema entry, the model field and the engine's strategy read
the same. Defaults equal the schema's (a test checks it). Instances are built by
the loader from a resolved, validated document, or directly from Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from auctionrules.text import Text, group_digits

#: Auction types in the order rulebooks and the card split list them.
AUCTION_TYPES: tuple[str, ...] = ("open", "once_around", "sealed", "fixed_price", "double")


def _text(value: Any) -> Text:
    return Text.of(value)


def _optional_text(value: Any) -> Text | None:
    return None if value is None else Text.of(value)


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _notes(value: Iterable[Note]) -> tuple[Note, ...]:
    return tuple(value)


def _artists(value: Iterable[Artist]) -> tuple[Artist, ...]:
    return tuple(value)


def _counts(value: Iterable[PlayerCount]) -> tuple[PlayerCount, ...]:
    return tuple(value)


@attrs.frozen
class Note:
    """A reading the ruleset takes where its rulebook is silent (``notes[]``)."""

    topic: str
    text: Text = attrs.field(converter=_text)


@attrs.frozen
class Split:
    """How many of an artist's cards carry each auction symbol (``theme.artists[].split``)."""

    open: int
    once_around: int
    sealed: int
    fixed_price: int
    double: int

    def count(self, auction_type: str) -> int:
        """Cards of ``auction_type``."""
        return int(getattr(self, auction_type))

    def items(self) -> Iterator[tuple[str, int]]:
        """``(auction type, count)`` pairs in :data:`AUCTION_TYPES` order."""
        return ((t, self.count(t)) for t in AUCTION_TYPES)

    @property
    def total(self) -> int:
        """All cards of the artist."""
        return sum(n for _, n in self.items())


@attrs.frozen
class Artist:
    """An artist (or genre) column of the board (``theme.artists[]``)."""

    id: str
    name: Text = attrs.field(converter=_text)
    cards: int
    split: Split


@attrs.frozen
class Currency:
    """How amounts are named and printed (``theme.currency``)."""

    name: Text = attrs.field(converter=_text, default=Text.of("money"))
    format: str = "{amount}"
    thousands_separator: str = ","

    def amount(self, value: int) -> str:
        """``value`` as the rulebook prints it, e.g. ``100,000`` or ``100 TWD``."""
        return self.format.replace("{amount}", group_digits(value, self.thousands_separator))


@attrs.frozen
class Theme:
    """Artists in board order and the currency (``theme``)."""

    artists: tuple[Artist, ...] = attrs.field(converter=_artists)
    currency: Currency = Currency()
    artist_noun: Text = attrs.field(
        converter=_text, default=Text.of({"en": "artist", "fr": "artiste"})
    )
    split_source: str | None = None

    def artist(self, artist_id: str) -> Artist:
        """The artist named ``artist_id``; ``KeyError`` if the theme has none."""
        for artist in self.artists:
            if artist.id == artist_id:
                return artist
        raise KeyError(artist_id)


@attrs.frozen
class Money:
    """Starting cash, bid unit and visibility of money (``money``)."""

    starting_cash: int = 100
    bid_unit: int = 1
    minimum_bid: int = 1
    screens: bool = True
    #: ``None``: one bid unit (every rulebook).
    minimum_raise: int | None = None
    public_prices: bool = True


@attrs.frozen
class DummyFlip:
    """When and how dummy cards are turned over (``player_counts.N.dummy_hands.flip``)."""

    when: str = "after-auction"
    by: str = "auctioneer"
    optional: bool = True
    card: str = "top"
    hand: str = "alternate"


@attrs.frozen
class DummyHands:
    """Hands dealt to nobody (``player_counts.N.dummy_hands``); ``hands == 0`` is off."""

    hands: int = 0
    deal: tuple[int, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(_ints)
    )
    flip: DummyFlip = DummyFlip()


@attrs.frozen
class PlayerCount:
    """Rules for one number of players (``player_counts.N``)."""

    players: int
    deal: tuple[int, ...] = attrs.field(converter=_ints)
    dummy_hands: DummyHands = DummyHands()
    #: House rules for this player count only; ``None``: the game-wide option.
    starting_cash: int | None = None
    artist_cards: int | None = None
    ranking: tuple[int, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(_ints)
    )

    @property
    def hand_deal(self) -> tuple[int, ...]:
        """Cards each hand receives per round, dummy hands' deal applied when they play."""
        if self.dummy_hands.hands and self.dummy_hands.deal is not None:
            return self.dummy_hands.deal
        return self.deal

    @property
    def hands(self) -> int:
        """Hands dealt each round: players and dummies."""
        return self.players + self.dummy_hands.hands


@attrs.frozen
class Open:
    """Open auction options (``auctions.open``)."""

    enabled: bool = True
    ending: str = "full-round-of-passes"
    auctioneer_may_bid: bool = True


@attrs.frozen
class OnceAround:
    """Once-around auction options (``auctions.once_around``)."""

    enabled: bool = True
    auctioneer_turn: str = "last"
    auctioneer_may_bid: bool = True


@attrs.frozen
class Sealed:
    """Sealed auction options (``auctions.sealed``)."""

    enabled: bool = True
    tie_break: str = "auctioneer-first"


@attrs.frozen
class FixedPrice:
    """Fixed-price auction options (``auctions.fixed_price``)."""

    enabled: bool = True
    max_price: str = "auctioneer-cash"
    nobody_buys: str = "auctioneer-buys"
    broke_auctioneer: str = "offer-at-zero"
    above_cash: str = "unsold"


@attrs.frozen
class DoubleSplit:
    """How a split-equally payee shares the price (``auctions.double.split``)."""

    odd_unit_to: str = "adder"
    seller_wins: str = "own-share-to-bank"


def _companion_rule(value: Any) -> bool | tuple[int, ...]:
    return value if isinstance(value, bool) else _ints(value)


@attrs.frozen
class Double:
    """Double auction options (``auctions.double``)."""

    enabled: bool = True
    who_may_add: str = "anyone"
    auctioneer: str = "adder"
    payee: str = "adder"
    split: DoubleSplit = DoubleSplit()
    lead_requires_companion: bool | tuple[int, ...] = attrs.field(
        default=False, converter=_companion_rule
    )
    nobody_adds: str = "leader-keeps"

    def requires_companion(self, players: int) -> bool:
        """Whether leading a double needs a companion card with ``players`` players."""
        rule = self.lead_requires_companion
        return rule if isinstance(rule, bool) else players in rule


@attrs.frozen
class Auctions:
    """The five auction types (``auctions``)."""

    open: Open = Open()
    once_around: OnceAround = OnceAround()
    sealed: Sealed = Sealed()
    fixed_price: FixedPrice = FixedPrice()
    double: Double = Double()

    def of(self, auction_type: str) -> Open | OnceAround | Sealed | FixedPrice | Double:
        """Options of ``auction_type`` (one of :data:`AUCTION_TYPES`)."""
        return getattr(self, auction_type)  # type: ignore[no-any-return]

    def enabled_types(self) -> tuple[str, ...]:
        """Enabled auction types in :data:`AUCTION_TYPES` order."""
        return tuple(t for t in AUCTION_TYPES if self.of(t).enabled)


@attrs.frozen
class HandsExhausted:
    """What happens when every hand is empty (``round_end.hands_exhausted``)."""

    last_card: str = "unsold"
    then: str = "end-game"


@attrs.frozen
class RoundEnd:
    """When a round ends (``round_end``)."""

    artist_cards: int = 5
    hands_exhausted: HandsExhausted = HandsExhausted()
    no_playable_card: str = "next-round"


@attrs.frozen
class Scoring:
    """Ranking and valuation (``scoring``)."""

    ranking: tuple[int, ...] = attrs.field(converter=_ints)
    tie_break: str = "board-order"
    rank_unplayed_artists: bool = False
    valuation: str = "cumulative"


@attrs.frozen
class NextRound:
    """Who starts the next round (``next_round``)."""

    starter: str = "left-of-last-card-player"
    dummy_card_laid_by: str = "flipper"


@attrs.frozen
class Winner:
    """How the winner is decided (``winner``)."""

    ties: str = "shared"
    tie_break: str = "none"


@attrs.frozen
class Ruleset:
    """A whole, resolved game: one edition or house variant.

    ``document`` keeps the resolved mapping (defaults filled in) that the model
    was built from; ``show``, ``diff`` and game-record digests read it, and it
    takes no part in equality.
    """

    id: str
    title: Text = attrs.field(converter=_text)
    theme: Theme
    money: Money
    player_counts: tuple[PlayerCount, ...] = attrs.field(converter=_counts)
    scoring: Scoring
    kind: str = "variant"
    description: Text | None = attrs.field(default=None, converter=_optional_text)
    edition: str | None = None
    publisher: str | None = None
    year: int | None = None
    language: str = "en"
    source: str | None = None
    notes: tuple[Note, ...] = attrs.field(default=(), converter=_notes)
    optional_modules: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    rounds: int = 4
    auctions: Auctions = Auctions()
    no_bid: str = "auctioneer-takes-free"
    round_end: RoundEnd = RoundEnd()
    next_round: NextRound = NextRound()
    winner: Winner = Winner()
    document: Mapping[str, Any] = attrs.field(factory=dict, eq=False, repr=False)

    def player_count(self, players: int) -> PlayerCount:
        """Rules for ``players`` players; ``KeyError`` if the ruleset does not support it."""
        for entry in self.player_counts:
            if entry.players == players:
                return entry
        raise KeyError(players)

    @property
    def supported_players(self) -> tuple[int, ...]:
        """Supported player counts, ascending."""
        return tuple(sorted(p.players for p in self.player_counts))

    def amount(self, value: int) -> str:
        """``value`` in the theme's currency format."""
        return self.theme.currency.amount(value)

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> Ruleset:
        """Build from a resolved document whose defaults are filled in.

        The loader guarantees the document is valid; this only converts shapes.
        """
        theme = doc["theme"]
        auctions = doc.get("auctions", {})
        counts = doc["player_counts"]
        return cls(
            id=doc["id"],
            kind=doc.get("kind", "variant"),
            title=doc["title"],
            description=doc.get("description"),
            edition=doc.get("edition"),
            publisher=doc.get("publisher"),
            year=doc.get("year"),
            language=doc.get("language", "en"),
            source=doc.get("source"),
            notes=[Note(n["topic"], n["text"]) for n in doc.get("notes", ())],
            optional_modules=doc.get("optional_modules", ()),
            theme=Theme(
                artists=[
                    Artist(a["id"], a["name"], a["cards"], Split(**a["split"]))
                    for a in theme["artists"]
                ],
                currency=Currency(**theme.get("currency", {})),
                artist_noun=theme.get("artist_noun", {"en": "artist", "fr": "artiste"}),
                split_source=theme.get("split_source"),
            ),
            money=Money(**doc.get("money", {})),
            rounds=doc.get("rounds", 4),
            player_counts=[
                _player_count(int(key), value)
                for key, value in sorted(counts.items(), key=lambda kv: int(kv[0]))
            ],
            auctions=Auctions(
                open=Open(**auctions.get("open", {})),
                once_around=OnceAround(**auctions.get("once_around", {})),
                sealed=Sealed(**auctions.get("sealed", {})),
                fixed_price=FixedPrice(**auctions.get("fixed_price", {})),
                double=_double(auctions.get("double", {})),
            ),
            no_bid=doc.get("no_bid", "auctioneer-takes-free"),
            round_end=RoundEnd(
                artist_cards=doc.get("round_end", {}).get("artist_cards", 5),
                hands_exhausted=HandsExhausted(
                    **doc.get("round_end", {}).get("hands_exhausted", {})
                ),
                no_playable_card=doc.get("round_end", {}).get("no_playable_card", "next-round"),
            ),
            scoring=Scoring(**doc["scoring"]),
            next_round=NextRound(**doc.get("next_round", {})),
            winner=Winner(**doc.get("winner", {})),
            document=doc,
        )


def _player_count(players: int, data: Mapping[str, Any]) -> PlayerCount:
    dummy = dict(data.get("dummy_hands", {}))
    flip = DummyFlip(**dummy.pop("flip", {}))
    return PlayerCount(
        players,
        data["deal"],
        DummyHands(flip=flip, **dummy),
        starting_cash=data.get("starting_cash"),
        artist_cards=data.get("artist_cards"),
        ranking=data.get("ranking"),
    )


def _double(data: Mapping[str, Any]) -> Double:
    fields = dict(data)
    split = DoubleSplit(**fields.pop("split", {}))
    return Double(split=split, **fields)
