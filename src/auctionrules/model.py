"""The ruleset model: frozen value classes that mirror ``schemas/ruleset.schema.json``.

Every class and field carries the name of the schema property it comes from, so
a YAML key, its schema entry, the model field and the engine's strategy read
the same. Every option with a closed set of values has a ``Literal`` type with
exactly the schema's values (a test checks it); an option that also accepts a
registered custom strategy (``namespace.name``) is that ``Literal`` or ``str``.
Defaults are read from the schema (:func:`auctionrules.schema.default`), never
written here. Instances are built by the loader from a resolved, validated
document, or directly from Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any, Literal, TypeAlias, get_args, get_origin, get_type_hints

import attrs

from auctionrules.schema import default
from auctionrules.text import Text, group_digits

AuctionType: TypeAlias = Literal["open", "once_around", "sealed", "fixed_price", "double"]
#: Auction types in the order rulebooks and the card split list them.
AUCTION_TYPES: tuple[AuctionType, ...] = get_args(AuctionType)

# -- option values (schema enums) ------------------------------------------------------------
# A strategy axis (see auctionrules.engine.registry) also takes a custom name: ``... | str``.

#: ``kind``
Kind: TypeAlias = Literal["variant", "module"]
#: ``player_counts.N.dummy_hands.flip.when`` (a strategy axis)
FlipWhenName: TypeAlias = Literal["after-auction", "between-turns"]
#: ``player_counts.N.dummy_hands.flip.by``
FlipBy: TypeAlias = Literal["auctioneer", "winner"]
#: ``player_counts.N.dummy_hands.flip.card``
FlipCard: TypeAlias = Literal["top", "random"]
#: ``player_counts.N.dummy_hands.flip.hand``
FlipHand: TypeAlias = Literal["alternate", "random"]
#: ``auctions.open.ending`` (a strategy axis)
OpenEndingName: TypeAlias = Literal["full-round-of-passes", "pass-is-final"]
#: ``auctions.open.limits``
OpenLimits: TypeAlias = Literal["private", "announced"]
#: ``auctions.once_around.auctioneer_turn``
AuctioneerTurn: TypeAlias = Literal["last", "first"]
#: ``auctions.sealed.tie_break`` (a strategy axis)
SealedTieBreakName: TypeAlias = Literal["auctioneer-first", "auctioneer-last"]
#: ``auctions.sealed.ties``
SealedTies: TypeAlias = Literal["tie-break", "re-bid", "re-bid-or-unsold"]
#: ``auctions.fixed_price.max_price``
MaxPrice: TypeAlias = Literal["auctioneer-cash", "unlimited"]
#: ``auctions.fixed_price.nobody_buys``
NobodyBuys: TypeAlias = Literal["auctioneer-buys", "auctioneer-takes-free", "unsold"]
#: ``auctions.fixed_price.above_cash``
AboveCash: TypeAlias = Literal["unsold", "auctioneer-pays-all"]
#: ``auctions.fixed_price.broke_auctioneer``
BrokeAuctioneer: TypeAlias = Literal["offer-at-zero", "auctioneer-keeps"]
#: ``auctions.double.who_may_add``
WhoMayAdd: TypeAlias = Literal["anyone", "leader-only"]
#: ``auctions.double.auctioneer``
DoubleAuctioneer: TypeAlias = Literal["adder", "leader"]
#: ``auctions.double.payee`` (a strategy axis)
PayeeName: TypeAlias = Literal["adder", "auctioneer", "split-equally"]
#: ``auctions.double.split.odd_unit_to``
OddUnitTo: TypeAlias = Literal["adder", "leader"]
#: ``auctions.double.split.seller_wins``
SellerWins: TypeAlias = Literal["own-share-to-bank", "all-to-bank"]
#: ``auctions.double.nobody_adds``
NobodyAdds: TypeAlias = Literal["leader-keeps", "unsold"]
#: ``no_bid`` (a strategy axis)
NoBidName: TypeAlias = Literal["auctioneer-takes-free", "unsold"]
#: ``round_end.hands_exhausted.last_card`` and ``round_end.ending_card``
LastCard: TypeAlias = Literal["unsold", "sold"]
#: ``round_end.hands_exhausted.then``
ExhaustedThen: TypeAlias = Literal["end-game", "next-round"]
#: ``round_end.no_playable_card``
NoPlayableCard: TypeAlias = Literal["next-round", "end-game"]
#: ``scoring.tie_break`` (a strategy axis)
RankingTieBreakName: TypeAlias = Literal["board-order", "reverse-board-order"]
#: ``scoring.valuation`` (a strategy axis)
ValuationName: TypeAlias = Literal["cumulative", "cumulative-always", "this-round"]
#: ``next_round.starter`` (a strategy axis)
StarterName: TypeAlias = Literal["left-of-last-card-player", "left-of-last-auctioneer"]
#: ``next_round.dummy_card_laid_by``
DummyCardLaidBy: TypeAlias = Literal["flipper", "last-auctioneer"]
#: ``winner.ties``
WinnerTies: TypeAlias = Literal["shared", "none"]
#: ``winner.tie_break``
WinnerTieBreak: TypeAlias = Literal["none", "most-purchases", "most-paintings"]
#: ``language``
Language: TypeAlias = Literal["en", "fr"]


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
    #: the colour of its cards and its board column (``#rrggbb``), or ``None``: the
    #: theme then takes one from :data:`PALETTE`
    color: str | None = None


@attrs.frozen
class Currency:
    """How amounts are named and printed (``theme.currency``)."""

    name: Text = attrs.field(converter=_text, default=default("theme.currency.name"))
    format: str = default("theme.currency.format")
    thousands_separator: str = default("theme.currency.thousands_separator")

    def amount(self, value: int) -> str:
        """``value`` as the rulebook prints it, e.g. ``100,000`` or ``100 TWD``."""
        return self.format.replace("{amount}", group_digits(value, self.thousands_separator))


#: The colours of artists whose file names none (``theme.artists[].color``), in board
#: order: five that stay apart for readers with the common colour-vision deficiencies
#: first, then more for themes of up to twelve artists.
PALETTE: tuple[str, ...] = (
    "#e0b028", "#3f8f46", "#c63d2f", "#2f62b0", "#7b4a9e", "#e07b2a",
    "#2a9593", "#b4477a", "#6b7a2a", "#7a5230", "#4d5d8c", "#8c8c8c",
)


@attrs.frozen
class Theme:
    """Artists in board order and the currency (``theme``)."""

    artists: tuple[Artist, ...] = attrs.field(converter=_artists)
    currency: Currency = Currency()
    artist_noun: Text = attrs.field(converter=_text, default=default("theme.artist_noun"))
    split_source: Text | None = attrs.field(default=None, converter=_optional_text)

    def artist(self, artist_id: str) -> Artist:
        """The artist named ``artist_id``; ``KeyError`` if the theme has none."""
        for artist in self.artists:
            if artist.id == artist_id:
                return artist
        raise KeyError(artist_id)

    def colors(self) -> tuple[str, ...]:
        """Each artist's colour in board order: its own, else the palette's at its place
        (so a file that names no colour still shows its columns apart)."""
        return tuple(
            artist.color or PALETTE[index % len(PALETTE)]
            for index, artist in enumerate(self.artists)
        )


@attrs.frozen
class Money:
    """Starting cash, bid unit and visibility of money (``money``)."""

    starting_cash: int = default("money.starting_cash")
    bid_unit: int = default("money.bid_unit")
    minimum_bid: int = default("money.minimum_bid")
    screens: bool = default("money.screens")
    #: ``None``: one bid unit (every rulebook).
    minimum_raise: int | None = None
    public_prices: bool = default("money.public_prices")


_FLIP = "player_counts.N.dummy_hands.flip"


@attrs.frozen
class DummyFlip:
    """When and how dummy cards are turned over (``player_counts.N.dummy_hands.flip``)."""

    when: FlipWhenName | str = default(f"{_FLIP}.when")
    by: FlipBy = default(f"{_FLIP}.by")
    optional: bool = default(f"{_FLIP}.optional")
    card: FlipCard = default(f"{_FLIP}.card")
    hand: FlipHand = default(f"{_FLIP}.hand")


@attrs.frozen
class DummyHands:
    """Hands dealt to nobody (``player_counts.N.dummy_hands``); ``hands == 0`` is off."""

    hands: int = default("player_counts.N.dummy_hands.hands")
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

    enabled: bool = default("auctions.open.enabled")
    played_as: Literal["open", "descending"] | None = None
    ending: OpenEndingName | str = default("auctions.open.ending")
    auctioneer_may_bid: bool = default("auctions.open.auctioneer_may_bid")
    limits: OpenLimits = default("auctions.open.limits")


@attrs.frozen
class OnceAround:
    """Once-around auction options (``auctions.once_around``)."""

    enabled: bool = default("auctions.once_around.enabled")
    played_as: Literal["once_around", "descending"] | None = None
    auctioneer_turn: AuctioneerTurn = default("auctions.once_around.auctioneer_turn")
    auctioneer_may_bid: bool = default("auctions.once_around.auctioneer_may_bid")


@attrs.frozen
class Sealed:
    """Sealed auction options (``auctions.sealed``)."""

    enabled: bool = default("auctions.sealed.enabled")
    played_as: Literal["sealed", "descending"] | None = None
    tie_break: SealedTieBreakName | str = default("auctions.sealed.tie_break")
    ties: SealedTies = default("auctions.sealed.ties")


@attrs.frozen
class FixedPrice:
    """Fixed-price auction options (``auctions.fixed_price``)."""

    enabled: bool = default("auctions.fixed_price.enabled")
    played_as: Literal["fixed_price", "descending"] | None = None
    max_price: MaxPrice = default("auctions.fixed_price.max_price")
    nobody_buys: NobodyBuys = default("auctions.fixed_price.nobody_buys")
    broke_auctioneer: BrokeAuctioneer = default("auctions.fixed_price.broke_auctioneer")
    above_cash: AboveCash = default("auctions.fixed_price.above_cash")


@attrs.frozen
class DoubleSplit:
    """How a split-equally payee shares the price (``auctions.double.split``)."""

    odd_unit_to: OddUnitTo = default("auctions.double.split.odd_unit_to")
    seller_wins: SellerWins = default("auctions.double.split.seller_wins")


def _companion_rule(value: Any) -> bool | tuple[int, ...]:
    return value if isinstance(value, bool) else _ints(value)


@attrs.frozen
class Double:
    """Double auction options (``auctions.double``)."""

    enabled: bool = default("auctions.double.enabled")
    who_may_add: WhoMayAdd = default("auctions.double.who_may_add")
    auctioneer: DoubleAuctioneer = default("auctions.double.auctioneer")
    payee: PayeeName | str = default("auctions.double.payee")
    split: DoubleSplit = DoubleSplit()
    lead_requires_companion: bool | tuple[int, ...] = attrs.field(
        default=default("auctions.double.lead_requires_companion"), converter=_companion_rule
    )
    nobody_adds: NobodyAdds = default("auctions.double.nobody_adds")

    def requires_companion(self, players: int) -> bool:
        """Whether leading a double needs a companion card with ``players`` players."""
        rule = self.lead_requires_companion
        return rule if isinstance(rule, bool) else players in rule


@attrs.frozen
class Descending:
    """Descending auction options (``auctions.descending``), a house rule for the card
    symbols played as one (``played_as: descending``)."""

    #: how much the price falls when every player has passed (``None``: five bid units)
    step: int | None = None


@attrs.frozen
class Auctions:
    """The five auction types (``auctions``), and the descending auction a symbol may
    be played as."""

    open: Open = Open()
    once_around: OnceAround = OnceAround()
    sealed: Sealed = Sealed()
    fixed_price: FixedPrice = FixedPrice()
    double: Double = Double()
    descending: Descending = Descending()

    def of(self, auction_type: str) -> Open | OnceAround | Sealed | FixedPrice | Double:
        """Options of ``auction_type`` (one of :data:`AUCTION_TYPES`)."""
        options: Open | OnceAround | Sealed | FixedPrice | Double = getattr(self, auction_type)
        return options

    def played_as(self, auction_type: str) -> str:
        """The auction a card of the symbol ``auction_type`` is auctioned by: its own
        type, or ``descending`` (``played_as``; a double is always a double)."""
        options = self.of(auction_type)
        return "descending" if getattr(options, "played_as", None) == "descending" else (
            auction_type
        )

    def enabled_types(self) -> tuple[str, ...]:
        """Enabled auction types in :data:`AUCTION_TYPES` order."""
        return tuple(t for t in AUCTION_TYPES if self.of(t).enabled)


@attrs.frozen
class HandsExhausted:
    """What happens when every hand is empty (``round_end.hands_exhausted``)."""

    last_card: LastCard = default("round_end.hands_exhausted.last_card")
    then: ExhaustedThen = default("round_end.hands_exhausted.then")


@attrs.frozen
class RoundEnd:
    """When a round ends (``round_end``)."""

    artist_cards: int = default("round_end.artist_cards")
    ending_card: LastCard = default("round_end.ending_card")
    hands_exhausted: HandsExhausted = HandsExhausted()
    no_playable_card: NoPlayableCard = default("round_end.no_playable_card")


@attrs.frozen
class Scoring:
    """Ranking and valuation (``scoring``)."""

    ranking: tuple[int, ...] = attrs.field(converter=_ints)
    tie_break: RankingTieBreakName | str = default("scoring.tie_break")
    rank_unplayed_artists: bool = default("scoring.rank_unplayed_artists")
    valuation: ValuationName | str = default("scoring.valuation")


@attrs.frozen
class NextRound:
    """Who starts the next round (``next_round``)."""

    starter: StarterName | str = default("next_round.starter")
    dummy_card_laid_by: DummyCardLaidBy = default("next_round.dummy_card_laid_by")


@attrs.frozen
class Winner:
    """How the winner is decided (``winner``)."""

    ties: WinnerTies = default("winner.ties")
    tie_break: WinnerTieBreak = default("winner.tie_break")


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
    kind: Kind = default("kind")
    description: Text | None = attrs.field(default=None, converter=_optional_text)
    edition: Text | None = attrs.field(default=None, converter=_optional_text)
    publisher: str | None = None
    year: int | None = None
    language: Language = default("language")
    source: str | None = None
    notes: tuple[Note, ...] = attrs.field(default=(), converter=_notes)
    optional_modules: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    rounds: int = default("rounds")
    auctions: Auctions = Auctions()
    no_bid: NoBidName | str = default("no_bid")
    round_end: RoundEnd = RoundEnd()
    next_round: NextRound = NextRound()
    winner: Winner = Winner()
    document: Mapping[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: The ruleset a variant file extends (a bundled id, or the path of its file), which
    #: its rulebook compares it with; ``None`` for a whole edition or one built in Python.
    base: str | None = attrs.field(default=None, eq=False, repr=False)

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
        """Build from a resolved document (the loader's, defaults filled in).

        The loader guarantees the document is valid; this only converts shapes.
        An option the document leaves out takes the model's default, which is
        the schema's: no default is written here.
        """
        counts = doc["player_counts"]
        ruleset: Ruleset = _build(
            cls,
            doc,
            player_counts=[
                _player_count(int(key), value)
                for key, value in sorted(counts.items(), key=lambda kv: int(kv[0]))
            ],
            document=doc,
        )
        return ruleset


@cache
def _fields(cls: Any) -> tuple[tuple[str, Any], ...]:
    """``(name, type)`` of the fields of model class ``cls``, types resolved."""
    hints = get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(cls))


def _build(cls: Any, data: Mapping[str, Any], **given: Any) -> Any:
    """An instance of model class ``cls`` from its document section ``data``.

    Sections and lists of sections are built recursively from their field types;
    keys the section lacks are left to the class defaults; ``given`` fields are
    taken as they are.
    """
    kwargs: dict[str, Any] = dict(given)
    for name, kind in _fields(cls):
        if name in kwargs or name not in data:
            continue
        value = data[name]
        if _is_section(kind) and isinstance(value, Mapping):
            value = _build(kind, value)
        elif get_origin(kind) is tuple and isinstance(value, list):
            item = get_args(kind)[0]
            if _is_section(item):
                value = [_build(item, v) for v in value]
        kwargs[name] = value
    return cls(**kwargs)


def _is_section(kind: Any) -> bool:
    """Whether ``kind`` is a class of this model (not a value class such as Text)."""
    return isinstance(kind, type) and attrs.has(kind) and kind.__module__ == __name__


def _player_count(players: int, data: Mapping[str, Any]) -> PlayerCount:
    result: PlayerCount = _build(PlayerCount, data, players=players)
    return result
