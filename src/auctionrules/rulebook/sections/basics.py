"""Overview, components and setup: what a rulebook says before play starts."""

from __future__ import annotations

from auctionrules.model import AUCTION_TYPES, PlayerCount
from auctionrules.rulebook.document import (
    Block,
    BulletList,
    Paragraph,
    Section,
    Sentence,
    Table,
)
from auctionrules.rulebook.writer import Param, Writer

#: An amount large enough to show the digit grouping of the currency format.
SAMPLE_AMOUNT = 1234567


def overview(w: Writer) -> Section:
    """What the game is, how long it lasts and who wins."""
    r = w.ruleset
    first = [
        w.say(
            "@overview.game",
            title=Param(r.title.get(w.lang), ("title",)),
            players=w.counts(r.supported_players),
        ),
        w.say("rounds", rounds=w.value("rounds", r.rounds)),
        w.say("@overview.goal", nouns=w.noun(plural=True)),
    ]
    about: list[Sentence] = []
    if r.description is not None:
        about.append(w.say("description", description=r.description.get(w.lang)))
    if r.publisher:
        names = [name.strip() for name in r.publisher.split(";") if name.strip()]
        credit = w.catalog.join(names) + (f", {r.year}" if r.year else "")
        about.append(w.say("publisher", "year", publisher=credit))
    blocks = [Paragraph(first)] + ([Paragraph(about)] if about else [])
    return Section("overview", w.word("overview"), blocks)


def components(w: Writer) -> Section:
    """Artists with their cards, the currency and the card split table."""
    r = w.ruleset
    artists = r.theme.artists
    intro = w.say(
        "theme.artists",
        total=Param(str(sum(a.cards for a in artists)), ("theme.artists",)),
        count=Param(str(len(artists)), ("theme.artists",)),
        nouns=w.noun(plural=True),
    )
    items = [
        w.say(f"theme.artists.{i}", name=a.name.get(w.lang), cards=str(a.cards))
        for i, a in enumerate(artists)
    ]
    currency = w.say(
        "theme.currency",
        currency=Param(r.theme.currency.name.get(w.lang), ("theme.currency",)),
        example=w.money(SAMPLE_AMOUNT),
    )
    split = w.say("@components.split", noun=w.noun())
    return Section(
        "components",
        w.word("components"),
        [Paragraph([intro]), BulletList(items), Paragraph([currency, split]), split_table(w)],
    )


def split_table(w: Writer) -> Table:
    """The card split per auction type, one row per artist; disabled types left out."""
    r = w.ruleset
    types = r.auctions.enabled_types()
    header = [w.noun().text.capitalize(), *(w.word(f"auction.{t}") for t in types)]
    header.append(w.word("total"))
    rows = [
        (a.name.get(w.lang), *(str(a.split.count(t)) for t in types), str(a.split.total))
        for a in r.theme.artists
    ]
    deps = ("theme.artists", "theme.artist_noun", *(f"auctions.{t}.enabled" for t in AUCTION_TYPES))
    return Table(header, rows, Sentence("theme.artists.split", "", deps))


def deal_table(w: Writer) -> Table:
    """Cards dealt to each hand per player count and round, with the dummy hands."""
    r = w.ruleset
    dummies = any(pc.dummy_hands.hands for pc in r.player_counts)
    header = [w.word("players"), *(w.word("round_n", n=n + 1) for n in range(r.rounds))]
    if dummies:
        header.append(w.word("dummy_hands"))
    rows = []
    for pc in r.player_counts:
        row = [w.word("n_players", n=pc.players), *(str(n) for n in pc.hand_deal)]
        if dummies:
            row.append(str(pc.dummy_hands.hands))
        rows.append(tuple(row))
    return Table(header, rows, Sentence("player_counts", "", ("player_counts", "rounds")))


def per_count(w: Writer, pc: PlayerCount) -> list[Sentence]:
    """The house rules of one player count: what replaces a game-wide option."""
    base = f"player_counts.{pc.players}"
    players = w.value(base, pc.players)
    found = []
    if pc.starting_cash is not None:
        cash = w.money(pc.starting_cash, f"{base}.starting_cash")
        found.append(w.say(f"{base}.starting_cash", players=players, cash=cash))
    if pc.artist_cards is not None:
        nth = Param(w.catalog.ordinal(pc.artist_cards), (f"{base}.artist_cards",))
        found.append(w.say(f"{base}.artist_cards", players=players, nth=nth, noun=w.noun()))
    if pc.ranking is not None:
        amounts = [w.amount(v) for v in pc.ranking]  # in the rulebook's language
        values = Param(w.catalog.join(amounts), (f"{base}.ranking", "theme.currency"))
        found.append(w.say(f"{base}.ranking", players=players, values=values))
    return found


def setup(w: Writer) -> Section:
    """Starting cash, screens, the deal table and the first auctioneer."""
    r = w.ruleset
    money = [
        w.say("money.starting_cash", cash=w.money(r.money.starting_cash)),
        *(s for pc in r.player_counts for s in per_count(w, pc)),
        w.choose("money.screens", r.money.screens),
        w.choose("money.public_prices", r.money.public_prices),
    ]
    deal = [w.say("@setup.deal")]
    first = Paragraph([w.say("@setup.first")])
    blocks: list[Block] = [Paragraph(money), Paragraph(deal), deal_table(w), first]
    return Section("setup", w.word("setup"), blocks)
