"""End of a round, scoring and end of the game."""

from __future__ import annotations

from collections.abc import Callable

from auctionrules.loader.rounds import runs_out_before
from auctionrules.model import Ruleset
from auctionrules.rulebook.document import Block, Paragraph, Section, Sentence, Table
from auctionrules.rulebook.writer import Param, Writer

#: Rows of the printed board: one per round of the published games (four).
BOARD_ROWS = 4


def round_end(w: Writer) -> Section:
    """The card that ends a round, its double edge cases, empty hands and the next starter."""
    r = w.ruleset
    n = r.round_end.artist_cards
    nth = _with_exceptions(w, n, w.catalog.ordinal)
    count = _with_exceptions(w, n, str)
    ending = "round_end.ending_card"
    if r.round_end.ending_card == "sold":
        fifth = [
            w.say("round_end.artist_cards", ending, template="@round_end.artist_cards_sold",
                  nth=nth, noun=w.noun()),
            w.choose(ending, "sold"),
        ]
        dummies = [pc.dummy_hands.hands for pc in r.player_counts if pc.dummy_hands.hands]
        if dummies:
            size = "one" if max(dummies) == 1 else "many"
            hand = Param(w.word(f"dummy_hand_{size}"), ("player_counts",))
            fifth.append(w.say("@round_end.ending_dummy", ending, "player_counts", hand=hand))
    else:  # the books' rule: not auctioned, the round ends at once
        fifth = [w.say("round_end.artist_cards", ending, nth=nth, noun=w.noun())]
        if r.auctions.double.enabled:
            with w.when("auctions.double.enabled", ending):
                fifth += [w.say("@round_end.double_first"), w.say("@round_end.double_second")]
    exhausted = r.round_end.hands_exhausted
    empty = [
        w.choose("round_end.hands_exhausted.last_card", exhausted.last_card, noun=w.noun(),
                 count=count),
        w.choose("round_end.hands_exhausted.then", exhausted.then),
    ]
    if exhausted.then == "end-game" and _may_end_early(r):
        empty.append(w.say("@round_end.early_end", "round_end.hands_exhausted.then",
                           "player_counts", "theme.artists", "round_end.artist_cards"))
    stuck = [n for n in r.supported_players if r.auctions.double.requires_companion(n)]
    if stuck and r.auctions.double.enabled:
        deps = ("auctions.double.lead_requires_companion", "auctions.double.enabled")
        with w.when(*deps):
            counts = Param(w.catalog.either([str(n) for n in stuck]), (*deps, "player_counts"))
            empty.append(
                w.choose("round_end.no_playable_card", r.round_end.no_playable_card,
                         noun=w.noun(), counts=counts)
            )
    nxt = [w.choose("next_round.starter", r.next_round.starter)]
    blocks = [Paragraph(fifth), Paragraph(empty), Paragraph(nxt)]
    return Section("round_end", w.word("round_end"), blocks)


def _may_end_early(r: Ruleset) -> bool:
    """Whether the hands can run out before a later round that deals cards (the
    loader's arithmetic, :func:`auctionrules.loader.rounds.runs_out_before`)."""
    for pc in r.player_counts:
        dummies = pc.dummy_hands.hands if not pc.dummy_hands.flip.optional else 0
        count = pc.artist_cards or r.round_end.artist_cards
        if runs_out_before(pc.players, pc.deal, dummies=dummies, dummy_deal=pc.dummy_hands.deal,
                           artists=len(r.theme.artists), count=count) is not None:
            return True
    return False


def _with_exceptions(w: Writer, n: int, show: Callable[[int], str]) -> Param:
    """The number of cards that ends a round, with the player counts that end it at
    another (``5th (6th with 5 players)``): the end of a round is told once, true for
    every number of players."""
    other: dict[int, list[int]] = {}
    for pc in w.ruleset.player_counts:
        if pc.artist_cards is not None and pc.artist_cards != n:
            other.setdefault(pc.artist_cards, []).append(pc.players)
    deps = ("round_end.artist_cards", *(f"player_counts.{p}.artist_cards"
                                        for ps in other.values() for p in ps))
    if not other:
        return Param(show(n), deps)
    exceptions = w.catalog.join([
        w.word("value_with_players", value=show(cards),
               counts=w.catalog.either([str(p) for p in sorted(players)]))
        for cards, players in sorted(other.items())
    ])
    return Param(w.word("with_exceptions", value=show(n), exceptions=exceptions), deps)


def ranking_table(w: Writer) -> Table:
    """Place -> value of the ranking markers."""
    values = w.ruleset.scoring.ranking
    rows = [(w.catalog.ordinal(i + 1), w.amount(v)) for i, v in enumerate(values)]
    rows.append((w.word("others"), w.amount(0)))
    source = Sentence("scoring.ranking.table", "", ("scoring.ranking", "theme.currency"))
    return Table((w.word("place"), w.word("value")), rows, source)


def scoring(w: Writer) -> Section:
    """Ranking, ties, unplayed artists and the (cumulative) value of a card."""
    s = w.ruleset.scoring
    artists = w.ruleset.theme.artists
    rank = [
        w.say(
            "scoring.ranking",
            noun=w.noun(),
            nouns=w.noun(plural=True),
            places=w.value("scoring.ranking", len(s.ranking)),
        ),
        w.choose("scoring.tie_break", s.tie_break, nouns=w.noun(plural=True),
                 first=Param(artists[0].name.get(w.lang), ("theme.artists",)),
                 last=Param(artists[-1].name.get(w.lang), ("theme.artists",))),
        w.choose("scoring.rank_unplayed_artists", s.rank_unplayed_artists,
                 nouns=w.noun(plural=True)),
    ]
    value = [
        w.choose("scoring.valuation", s.valuation, noun=w.noun()),
        w.say("@scoring.discard"),
    ]
    if w.ruleset.rounds > BOARD_ROWS:
        rank.append(w.say("@scoring.extra_rows", "rounds",
                          rows=Param(str(BOARD_ROWS), ()), first=w.value("rounds", BOARD_ROWS + 1),
                          noun=w.noun()))
    blocks: list[Block] = [Paragraph(rank), ranking_table(w), Paragraph(value)]
    return Section("scoring", w.word("scoring"), blocks)


def end_game(w: Writer) -> Section:
    """When the game ends and who wins."""
    r = w.ruleset
    early = r.round_end.hands_exhausted.then == "end-game" or (
        r.round_end.no_playable_card == "end-game"
        and r.auctions.double.enabled
        and any(r.auctions.double.requires_companion(n) for n in r.supported_players)
    )
    deps = ("round_end.hands_exhausted.then", "round_end.no_playable_card",
            "auctions.double.lead_requires_companion", "auctions.double.enabled")
    end = [
        w.say("@end.early" if early else "@end.last", *deps,
              rounds=w.value("rounds", r.rounds), section=w.word("round_end")),
        w.say("@end.winner"),
        *(
            [w.choose("winner.tie_break", r.winner.tie_break)]
            if r.winner.tie_break != "none"
            else []
        ),
        w.choose("winner.ties", r.winner.ties),
    ]
    return Section("end", w.word("end"), [Paragraph(end)])
