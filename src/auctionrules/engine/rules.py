"""Compilation: a :class:`~auctionrules.model.Ruleset` and a player count -> :class:`Rules`.

Every rulebook choice is resolved here, once, into a strategy object (axes with
custom names, see :mod:`auctionrules.engine.registry`), a boolean flag (plain
switches of two values) or, for an option of three values, the value itself,
compared with the constants below that name the schema's values (never with a
string written out), so that the game loop never spells an option and never
names an edition. ``Rules`` is immutable and may be shared by many games.
"""

from __future__ import annotations

from typing import Final, TypeVar

import attrs

from auctionrules.engine import policies as P  # noqa: N812 - short name for many types
from auctionrules.engine.actions import Add, Play
from auctionrules.engine.cards import KIND_INDEX, CardCodec, full_deck
from auctionrules.engine.errors import RulesError
from auctionrules.engine.money import Bidding
from auctionrules.engine.registry import generation, lookup
from auctionrules.engine.seats import from_left_of
from auctionrules.model import (
    AUCTION_TYPES,
    NobodyBuys,
    PlayerCount,
    Ruleset,
    SealedTies,
    WinnerTieBreak,
)

_T = TypeVar("_T")

# The values of the options of three values that the game loop asks about, by the
# schema's names (the option's other values are what is left when these do not hold).

#: ``auctions.fixed_price.nobody_buys``: the auctioneer must buy the lot at the price.
AUCTIONEER_BUYS: Final = "auctioneer-buys"
#: ``auctions.fixed_price.nobody_buys``: the auctioneer keeps the lot without paying.
AUCTIONEER_TAKES_FREE: Final = "auctioneer-takes-free"
#: ``auctions.sealed.ties``: the tie-break order names the buyer at once.
TIE_BREAK: Final = "tie-break"
#: ``auctions.sealed.ties``: the tied bid once more; a second tie leaves the lot unsold.
RE_BID_OR_UNSOLD: Final = "re-bid-or-unsold"
#: ``winner.tie_break``: the tied richest who bought the most lots wins.
MOST_PURCHASES: Final = "most-purchases"
#: ``winner.tie_break``: the tied richest who acquired the most paintings wins.
MOST_PAINTINGS: Final = "most-paintings"


@attrs.frozen(eq=False)
class Rules:
    """The strategies and flags of one ruleset for one player count."""

    ruleset: Ruleset
    players: int
    count: PlayerCount
    codec: CardCodec
    #: Every card code of the game (the deck before shuffling).
    deck: tuple[int, ...]
    artists: int
    #: Cards each hand (players' and dummies') receives per round.
    hand_deal: tuple[int, ...]
    dummies: int
    rounds: int
    unit: int
    minimum_bid: int
    #: How much a bid must top the last one by (``money.minimum_raise``, else the unit).
    minimum_raise: int
    starting_cash: int
    screens: bool
    public_prices: bool
    #: ``auctions.open.limits`` is ``announced``: every seat knows the limits said (else
    #: only the seat that said one: see :mod:`auctionrules.engine.hiding`).
    limits_announced: bool
    # strategies
    open_ending: P.OpenEnding
    sealed_tie_break: P.SealedTieBreak
    payee: P.Payee
    no_bid: P.NoBid
    ranking_tie_break: P.RankingTieBreak
    valuation: P.Valuation
    starter: P.Starter
    flip_when: P.FlipWhen
    # flags
    once_auctioneer_first: bool
    #: ``open.auctioneer_may_bid`` / ``once_around.auctioneer_may_bid`` is false.
    open_auctioneer_barred: bool
    once_auctioneer_barred: bool
    #: ``auctions.sealed.ties`` (:data:`TIE_BREAK`, ``re-bid`` or
    #: :data:`RE_BID_OR_UNSOLD`).
    sealed_ties: SealedTies
    fixed_price_capped: bool
    #: ``auctions.fixed_price.nobody_buys`` (:data:`AUCTIONEER_BUYS`,
    #: :data:`AUCTIONEER_TAKES_FREE` or ``unsold``).
    nobody_buys: NobodyBuys
    #: ``fixed_price.above_cash`` is ``unsold``: an unaffordable price nobody paid.
    above_cash_unsold: bool
    broke_keeps: bool
    anyone_may_add: bool
    adder_auctions: bool
    nobody_adds_unsold: bool
    lead_requires_companion: bool
    artist_cards: int
    last_card_sold: bool
    #: ``round_end.ending_card`` is ``sold``: the card that makes the count is auctioned,
    #: then the round ends.
    ending_card_sold: bool
    exhausted_next_round: bool
    #: ``round_end.no_playable_card`` is ``end-game`` (nobody can lead, cards in hand).
    stuck_ends_game: bool
    ranking: tuple[int, ...]
    rank_unplayed: bool
    flip_random_card: bool
    flip_random_hand: bool
    dummy_laid_by_flipper: bool
    ties_shared: bool
    #: ``winner.tie_break`` (``none``, :data:`MOST_PURCHASES` or :data:`MOST_PAINTINGS`).
    winner_tie_break: WinnerTieBreak
    #: ``played_as[t]``: the auction (an index of
    #: :data:`~auctionrules.engine.cards.KIND_NAMES`) a card of symbol ``t`` is sold by.
    played_as: tuple[int, ...]
    #: ``auctions.descending.step``: how much a descending auction's price falls.
    descending_step: int
    #: Shared action instances per card code.
    plays: tuple[Play, ...]
    adds: tuple[Add, ...]
    #: ``orders[s]``: every seat from ``s``'s left, ``s`` last: the speaking order of
    #: an auction run by ``s`` (derived from ``players``, built once).
    orders: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    #: ``alone[s] == (s,)``: who acts when only ``s`` does (built once).
    alone: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    #: The money rules of bidding (the lowest bid, a bid's range, a limit's answer).
    bidding: Bidding = attrs.field(init=False)
    #: A bound on the money any player can hold, from the rules alone: all the
    #: starting cash plus everything the bank can pay (each card is paid for once, at
    #: the end of the round it was bought in, at most the top ranking value once per
    #: round). It tells nothing of anybody's cash: the top of an unlimited fixed price.
    most_money: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        n = self.players
        object.__setattr__(self, "orders", tuple([from_left_of(s, n) for s in range(n)]))
        object.__setattr__(
            self, "bidding", Bidding(self.unit, self.minimum_bid, self.minimum_raise)
        )
        object.__setattr__(self, "alone", tuple((seat,) for seat in range(self.players)))
        top = max(self.ranking, default=0)
        most = self.players * self.starting_cash + len(self.deck) * self.rounds * top
        object.__setattr__(self, "most_money", most)

    def ends_round(self, count: int) -> bool:
        """Whether an artist's ``count``-th card laid this round ends the round (after
        its lot is sold, under ``round_end.ending_card: sold``)."""
        return round_ends(count, self.artist_cards)

    def ends_unsold(self, count: int) -> bool:
        """Whether an artist's ``count``-th card ends the round as it is laid, its lot
        not auctioned (``round_end.ending_card: unsold``, the rulebooks')."""
        return round_ends(count, self.artist_cards) and not self.ending_card_sold


def round_ends(count: int, artist_cards: int) -> bool:
    """Whether an artist's ``count``-th card laid this round ends the round, when
    ``artist_cards`` end it (``round_end.artist_cards``): the one writing of
    :meth:`Rules.ends_round`, also asked by the round flow at every card laid, with
    the count the state keeps (the rules' methods are Python calls in compiled code)."""
    return count >= artist_cards


S = TypeVar("S", bound=P.Strategy)


def strategy(
    axis: str, name: str, base: type[S], options: object, *, players: int, unit: int
) -> S:
    """The strategy ``name`` of ``axis``, built from its own ``options`` (its section
    of the ruleset); :class:`RulesError` if it is unknown or not a ``base``."""
    built = lookup(axis, name)(options, players, unit)
    if not isinstance(built, base):
        raise RulesError(f"{axis} strategy {name!r} is not a {base.__name__}")
    return built


def compile_rules(ruleset: Ruleset, players: int) -> Rules:
    """Resolve every option of ``ruleset`` for ``players`` players.

    Raises :class:`RulesError` for an unsupported player count or an unknown
    strategy name.
    """
    try:
        count = ruleset.player_count(players)
    except KeyError:
        raise RulesError(
            f"{ruleset.id!r} does not support {players} players "
            f"(supported: {', '.join(map(str, ruleset.supported_players)) or 'none'})"
        ) from None
    a = ruleset.auctions
    dummy = count.dummy_hands
    flip = dummy.flip
    codec = CardCodec(tuple(artist.id for artist in ruleset.theme.artists))

    unit = ruleset.money.bid_unit
    scoring, after = ruleset.scoring, ruleset.next_round

    def strat(axis: str, name: str, base: type[S], options: object) -> S:
        return strategy(axis, name, base, options, players=players, unit=unit)

    return Rules(
        ruleset=ruleset,
        players=players,
        count=count,
        codec=codec,
        deck=tuple(full_deck(ruleset)),
        artists=len(ruleset.theme.artists),
        hand_deal=count.hand_deal,
        dummies=dummy.hands,
        rounds=ruleset.rounds,
        unit=ruleset.money.bid_unit,
        minimum_bid=ruleset.money.minimum_bid,
        minimum_raise=_either(ruleset.money.minimum_raise, ruleset.money.bid_unit),
        starting_cash=_either(count.starting_cash, ruleset.money.starting_cash),
        screens=ruleset.money.screens,
        public_prices=ruleset.money.public_prices,
        limits_announced=a.open.limits == "announced",
        open_ending=strat("auctions.open.ending", a.open.ending, P.OpenEnding, a.open),
        sealed_tie_break=strat(
            "auctions.sealed.tie_break", a.sealed.tie_break, P.SealedTieBreak, a.sealed
        ),
        payee=strat("auctions.double.payee", a.double.payee, P.Payee, a.double),
        no_bid=strat("no_bid", ruleset.no_bid, P.NoBid, None),
        ranking_tie_break=strat(
            "scoring.tie_break", scoring.tie_break, P.RankingTieBreak, scoring
        ),
        valuation=strat("scoring.valuation", scoring.valuation, P.Valuation, scoring),
        starter=strat("next_round.starter", after.starter, P.Starter, after),
        flip_when=strat(
            "player_counts.N.dummy_hands.flip.when", flip.when, P.FlipWhen, flip
        ),
        once_auctioneer_first=a.once_around.auctioneer_turn == "first",
        open_auctioneer_barred=not a.open.auctioneer_may_bid,
        once_auctioneer_barred=not a.once_around.auctioneer_may_bid,
        sealed_ties=a.sealed.ties,
        fixed_price_capped=a.fixed_price.max_price == "auctioneer-cash",
        nobody_buys=a.fixed_price.nobody_buys,
        above_cash_unsold=a.fixed_price.above_cash == "unsold",
        broke_keeps=a.fixed_price.broke_auctioneer == "auctioneer-keeps",
        anyone_may_add=a.double.who_may_add == "anyone",
        adder_auctions=a.double.auctioneer == "adder",
        nobody_adds_unsold=a.double.nobody_adds == "unsold",
        lead_requires_companion=a.double.requires_companion(players),
        artist_cards=_either(count.artist_cards, ruleset.round_end.artist_cards),
        last_card_sold=ruleset.round_end.hands_exhausted.last_card == "sold",
        ending_card_sold=ruleset.round_end.ending_card == "sold",
        exhausted_next_round=ruleset.round_end.hands_exhausted.then == "next-round",
        stuck_ends_game=ruleset.round_end.no_playable_card == "end-game",
        ranking=tuple(_either(count.ranking, ruleset.scoring.ranking)),
        rank_unplayed=ruleset.scoring.rank_unplayed_artists,
        flip_random_card=flip.card == "random",
        flip_random_hand=flip.hand == "random",
        dummy_laid_by_flipper=ruleset.next_round.dummy_card_laid_by == "flipper",
        ties_shared=ruleset.winner.ties == "shared",
        winner_tie_break=ruleset.winner.tie_break,
        played_as=tuple(KIND_INDEX[a.played_as(t)] for t in AUCTION_TYPES),
        descending_step=_either(a.descending.step, 5 * unit),
        plays=tuple(Play(c) for c in codec.cards),
        adds=tuple(Add(c) for c in codec.cards),
    )


def _either(per_count: _T | None, game_wide: _T) -> _T:
    """A player count's own value of an option (a house rule), else the game-wide one."""
    return game_wide if per_count is None else per_count


#: Rules compiled by :func:`rules_for`: ``(id(ruleset), players)`` -> ``(ruleset,
#: registry generation, rules)``; the ruleset is held so that its id is not reused.
_KEPT: dict[tuple[int, int], tuple[Ruleset, int, Rules]] = {}
_KEEP = 16


def rules_for(ruleset: Ruleset, players: int) -> Rules:
    """:func:`compile_rules`, kept for the same ruleset object and player count.

    Games made one at a time from a ruleset (``play_game(ruleset, 4, seed)``,
    ``Game.new(ruleset, 4, seed)`` in a loop) would otherwise compile it every
    time, about a sixth of a random game. Registering a strategy again (a
    notebook redefining one) makes the kept rules stale, so they are compiled
    anew; the last 16 are kept.
    """
    key, now = (id(ruleset), players), generation()
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is ruleset and kept[1] == now:
        return kept[2]
    rules = compile_rules(ruleset, players)
    if len(_KEPT) >= _KEEP:
        del _KEPT[next(iter(_KEPT))]
    _KEPT[key] = (ruleset, now, rules)
    return rules
