"""House rules a club writes on top of an edition, played out.

Each test quotes the rule of the books the house rule departs from, builds the
house variant as a club would write it (a file extending ``hig-1992-en``), and
plays the position the rule is about. Amounts are the Hans im Glück book's
(x1,000).
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from auctionrules.engine import Game, IllegalActionError, determinize
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook import render

#: Four players, each with a fixed-price card and a spare (HiG artist ids).
HANDS = [
    ["lite-metal/fixed_price", "krypto/open"],
    ["yoko/fixed_price", "krypto/sealed"],
    ["christin-p/fixed_price", "krypto/once_around"],
    ["karl-gitter/fixed_price", "krypto/fixed_price"],
]


def house(tmp_path: Path, body: str) -> Ruleset:
    """The club's file: ``hig-1992-en`` with ``body`` (YAML) on top."""
    path = tmp_path / "club.yaml"
    path.write_text(f"id: club\ntitle: Club\nextends: hig-1992-en\n{body}", encoding="utf-8")
    return load_ruleset(path)


def play(game: Game, steps: list[tuple[int, str]]) -> list[str]:
    """Apply the steps; the kinds of the events they caused."""
    kinds = []
    for seat, action in steps:
        kinds += [event.kind for event in game.apply(action, seat)]
        assert game.check_invariants() == [], (seat, action)
    return kinds


def rulebook(ruleset: Ruleset, lang: str) -> str:
    return " ".join(render(ruleset, lang=lang, example=False).split())


UNLIMITED = "auctions:\n  fixed_price: {max_price: unlimited%s}\n"
NOBODY_BUYS = [(1, "play yoko/fixed_price"), (1, "price 90000"), (2, "pass"), (3, "pass"),
               (0, "pass")]


def test_an_unlimited_price_the_auctioneer_cannot_pay_leaves_the_lot_unsold(
    tmp_path: Path,
) -> None:
    """002 "Fixed Price Auction": "The fixed price may not exceed the monetary value the
    Auctioneer has behind his player screen." With ``max_price: unlimited`` a broke
    auctioneer could name 90,000, see nobody buy, and keep the card for nothing; by
    default (``above_cash: unsold``) the card is not sold and still counts."""
    ruleset = house(tmp_path, UNLIMITED % "")
    game = Game.from_position(ruleset, 4, hands=HANDS, cash=[100000, 0, 100000, 100000],
                              auctioneer=1)
    kinds = play(game, NOBODY_BUYS)
    assert "unsold" in kinds and "sold" not in kinds
    assert list(game.state.cash) == [100000, 0, 100000, 100000]
    assert all(not owned for owned in game.state.owned)
    assert game.state.counts[1] == 1  # Yoko's card still counts for the ranking
    assert "A price the auctioneer cannot pay wins them nothing." in rulebook(ruleset, "en")
    assert "Un prix que le vendeur ne peut pas payer ne lui rapporte rien." in rulebook(
        ruleset, "fr"
    )


def test_an_affordable_unlimited_price_is_still_bought_by_the_auctioneer(
    tmp_path: Path,
) -> None:
    """001: "If all players decline then the Auctioneer must buy the card at the price
    they have set." A price within the auctioneer's cash is paid in full."""
    ruleset = house(tmp_path, UNLIMITED % "")
    game = Game.from_position(ruleset, 4, hands=HANDS, auctioneer=1)
    play(game, NOBODY_BUYS)
    assert list(game.state.cash) == [100000, 10000, 100000, 100000]
    assert len(game.state.owned[1]) == 1


def test_auctioneer_pays_all_is_the_all_cash_reading(tmp_path: Path) -> None:
    """``above_cash: auctioneer-pays-all``: the auctioneer buys for all they have."""
    ruleset = house(tmp_path, UNLIMITED % ", above_cash: auctioneer-pays-all")
    game = Game.from_position(ruleset, 4, hands=HANDS, cash=[100000, 30000, 100000, 100000],
                              auctioneer=1)
    play(game, NOBODY_BUYS)
    assert list(game.state.cash) == [100000, 0, 100000, 100000] and len(game.state.owned[1]) == 1
    text = rulebook(ruleset, "en")
    assert "the auctioneer buys the card for all the money they have" in text
    assert "wins them nothing" not in text


@pytest.mark.parametrize("max_price", ["auctioneer-cash", "unlimited"])
def test_a_fixed_price_lot_nobody_buys_can_stay_unsold(tmp_path: Path, max_price: str) -> None:
    """001: "If all players decline then the Auctioneer must buy the card"; a club's
    ``nobody_buys: unsold`` leaves it on the table, unowned, counting for the ranking."""
    ruleset = house(
        tmp_path, f"auctions:\n  fixed_price: {{max_price: {max_price}, nobody_buys: unsold}}\n"
    )
    game = Game.from_position(ruleset, 4, hands=HANDS, auctioneer=1)
    kinds = play(game, [(1, "play yoko/fixed_price"), (1, "price 20000"), (2, "pass"),
                        (3, "pass"), (0, "pass")])
    assert "unsold" in kinds and list(game.state.cash) == [100000] * 4
    assert game.state.counts[1] == 1 and not game.state.owned[1]
    assert "it stays on the table unsold and still counts for the ranking" in rulebook(
        ruleset, "en"
    )
    assert "il reste invendu sur la table" in rulebook(ruleset, "fr")


@pytest.mark.parametrize(("valuation", "paid"), [("cumulative", 0), ("cumulative-always", 30000)])
def test_cumulative_always_keeps_an_unranked_artists_column_value(
    tmp_path: Path, valuation: str, paid: int
) -> None:
    """001 "Selling the paintings": "paintings by artists who are not placed first, second
    or third in this round are worthless, regardless of their value in previous rounds."
    A club's ``valuation: cumulative-always`` pays the column's value all the same:
    Lite Metal earned 30,000 in round 1 and is unranked in round 2."""
    ruleset = house(tmp_path, f"scoring: {{valuation: {valuation}}}\n")
    played = ["krypto/open"] * 3 + ["krypto/sealed"]
    played += ["yoko/open", "yoko/sealed", "christin-p/open", "christin-p/sealed"]
    played += ["karl-gitter/open", "karl-gitter/sealed"]
    game = Game.from_position(
        ruleset, 4, hands=[["krypto/once_around", "yoko/once_around"], ["yoko/double"],
                           ["christin-p/double"], ["karl-gitter/double"]],
        round=2, board={"lite-metal": [30000]}, played=played,
        owned=[["lite-metal/open"], [], [], []],
    )
    events = game.apply("play krypto/once_around", 0)
    (scored,) = [e for e in events if e.kind == "scored"]
    assert scored["payouts"][0] == paid
    assert game.state.cash[0] == 100000 + paid
    keeps = "an unranked artist keeps the value of the earlier rounds"
    assert (keeps in rulebook(ruleset, "en")) == (valuation == "cumulative-always")
    garde = "un artiste non classé garde la valeur des manches précédentes"
    assert (garde in rulebook(ruleset, "fr")) == (valuation == "cumulative-always")


PER_COUNT = """player_counts:
  "3": {starting_cash: 120000, artist_cards: 4, ranking: [40000, 20000, 10000]}
"""


def test_starting_cash_round_end_and_ranking_per_player_count(tmp_path: Path) -> None:
    """001 "Preparation": "Each player receives 100,000"; "the round ends when the fifth
    card of one artist is played"; the markers are worth 30,000, 20,000 and 10,000.
    A club gives three players 120,000, ends a round at the fourth card and pays
    40,000 for first place; four players keep the book's rules."""
    ruleset = house(tmp_path, PER_COUNT)
    three = Game.new(ruleset, 3, seed=1)
    assert list(three.state.cash) == [120000] * 3
    assert list(Game.new(ruleset, 4, seed=1).state.cash) == [100000] * 4
    game = Game.from_position(
        ruleset, 3, hands=[["krypto/open", "yoko/open"], ["yoko/sealed"], ["yoko/double"]],
        played=["krypto/sealed", "krypto/once_around"],
        owned=[["krypto/double"], [], []],
    )
    events = game.apply("play krypto/open", 0)  # the fourth Krypto ends the round
    (scored,) = [e for e in events if e.kind == "scored"]
    assert scored["payouts"][0] == 40000
    assert Game.from_position(ruleset, 4, hands=HANDS).rules.ranking == (30000, 20000, 10000)
    en, fr = rulebook(ruleset, "en"), rulebook(ruleset, "fr")
    assert "With 3 players, each player starts with 120,000 dollars." in en
    assert "With 3 players, the round ends at the 4th card of one artist instead." in en
    assert ("With 3 players, the ranked places are worth 40,000 dollars, 20,000 dollars and "
            "10,000 dollars") in en
    assert "À 3 joueurs, chacun commence avec" in fr
    # amounts as French writes them, not as the theme's English format does
    assert "valent 40 000 dollars, 20 000 dollars et 10 000 dollars" in fr.replace("\u00a0", " ")
    assert "À 3 joueurs, la manche se termine au 4e tableau d'un même artiste." in fr


def test_a_tie_for_most_money_goes_to_the_most_purchases(tmp_path: Path) -> None:
    """001 "End of the game": "The player with the most money wins." A club breaks a
    tie by the lots bought over the game; a tie that remains is shared."""
    from auctionrules.engine.outcome import winners

    sales = [(0, 1, 5000), (0, 2, 3000), (1, 2, 4000), (2, 0, 1000)]
    assert winners((90, 120, 120, 50), True, sales) == (2,)
    assert winners((90, 120, 120, 50), True, [*sales, (3, 1, 1)]) == (1, 2)
    assert winners((90, 120, 120, 50), False, [*sales, (3, 1, 1)]) == ()
    assert winners((90, 120, 120, 50), True) == (1, 2)  # no tie-break: shared
    ruleset = house(tmp_path, "winner: {tie_break: most-purchases}\n")
    assert Game.new(ruleset, 4, seed=0).rules.winner_tie_break == "most-purchases"
    assert "the one among them who bought the most lots during the game wins" in rulebook(
        ruleset, "en"
    )
    assert "celui d'entre eux qui a acheté le plus de lots" in rulebook(ruleset, "fr")


@pytest.mark.parametrize(("tie_break", "won"), [("none", [1, 2]), ("most-purchases", [1])])
def test_a_tie_at_the_end_of_the_last_round(tmp_path: Path, tie_break: str, won: list[int]) -> None:
    """Round 4: Beatrix buys Yoko at a fixed price, which leaves her level with Clemens;
    then her fifth Krypto ends the game. By the book they share the victory; with the
    club's tie-break Beatrix, who bought a lot, wins."""
    ruleset = house(tmp_path, f"winner: {{tie_break: {tie_break}}}\n")
    played = ["krypto/open", "krypto/sealed", "krypto/once_around", "krypto/fixed_price"]
    played += ["lite-metal/open", "lite-metal/sealed", "christin-p/open", "christin-p/sealed"]
    played += ["karl-gitter/open", "karl-gitter/sealed"]
    game = Game.from_position(
        ruleset, 4, round=4, cash=[100000, 125000, 120000, 50000], played=played,
        hands=[["yoko/fixed_price"], ["krypto/double"], ["yoko/open"], ["yoko/sealed"]],
    )
    play(game, [(0, "play yoko/fixed_price"), (0, "price 5000"), (1, "buy")])
    play(game, [(1, "play krypto/double")])
    assert game.outcome is not None
    assert game.outcome.cash == (105000, 120000, 120000, 50000)
    assert list(game.outcome.winners) == won


def test_a_tie_for_most_money_goes_to_the_most_paintings(tmp_path: Path) -> None:
    """001 "End of the game": "At the end of Round 4, the player with the largest amount
    of cash, wins." A club breaks a tie by the paintings each tied player acquired over
    the game: every card that came into their possession, bought or taken free, both
    cards of a double; a tie that remains is settled by ``winner.ties``."""
    from auctionrules.engine.outcome import winners

    assert winners((90, 120, 120, 50), True, paintings=[3, 4, 6, 1]) == (2,)
    assert winners((90, 120, 120, 50), True, paintings=[9, 5, 5, 1]) == (1, 2)
    assert winners((90, 120, 120, 50), False, paintings=[9, 5, 5, 1]) == ()
    ruleset = house(tmp_path, "winner: {tie_break: most-paintings}\n")
    rules = Game.new(ruleset, 4, seed=0).rules
    assert rules.winner_tie_break == "most-paintings"
    assert "the one among them who acquired the most paintings during the game wins" in (
        rulebook(ruleset, "en")
    )
    assert "celui d'entre eux qui a obtenu le plus de tableaux pendant la partie" in rulebook(
        ruleset, "fr"
    )


#: Round 4 with Krypto one card from the end and four cards of each of three other
#: artists on the table, so that Yoko stays unranked (its cards are worth nothing).
LAST_ROUND = [f"{artist}/{kind}" for artist, kinds in (
    ("krypto", ("open", "sealed", "once_around", "fixed_price")),
    ("lite-metal", ("open", "open", "sealed", "once_around")),
    ("christin-p", ("open", "sealed", "once_around", "fixed_price")),
    ("karl-gitter", ("open", "sealed", "once_around", "fixed_price")),
) for kind in kinds]


@pytest.mark.parametrize(
    ("tie_break", "won"),
    [("none", [1, 2]), ("most-purchases", [1, 2]), ("most-paintings", [1])],
)
def test_a_double_lot_counts_two_paintings(tmp_path: Path, tie_break: str, won: list[int]) -> None:
    """Round 4: Clemens buys Axel's Yoko double (two cards, one lot) for 10,000, then
    Doris buys his single Yoko for 10,000; her Krypto ends the game with the two of them
    level at 120,000, one lot bought each. By the book, and by the most lots bought,
    they share the victory; by the most paintings Clemens, who holds two, wins."""
    ruleset = house(tmp_path, f"winner: {{tie_break: {tie_break}}}\n")
    game = Game.from_position(
        ruleset, 4, round=4, cash=[100000, 120000, 130000, 50000], played=LAST_ROUND,
        hands=[["yoko/double", "yoko/fixed_price"], ["yoko/fixed_price"], ["krypto/double"],
               ["yoko/sealed"]],
    )
    assert game.state.paintings == (0, 0, 0, 0)  # (a position starts from the cards it owns)
    play(game, [(0, "play yoko/double"), (0, "add yoko/fixed_price"), (0, "price 10000"),
                (1, "buy")])
    play(game, [(1, "play yoko/fixed_price"), (1, "price 10000"), (2, "buy")])
    assert game.state.paintings == (0, 2, 1, 0)
    assert game.view(3).paintings == (0, 2, 1, 0)  # public: every seat sees it
    assert game.clone().state.paintings == game.state.paintings
    assert determinize(game.view(3), seed=1).state.paintings == game.state.paintings
    play(game, [(2, "play krypto/double")])
    assert game.outcome is not None
    assert game.outcome.cash == (110000, 120000, 120000, 50000)
    assert list(game.outcome.winners) == won


@pytest.mark.parametrize(
    ("tie_break", "won"),
    [("none", [0, 1]), ("most-purchases", [0, 1]), ("most-paintings", [0])],
)
def test_a_painting_taken_free_counts(tmp_path: Path, tie_break: str, won: list[int]) -> None:
    """001 "No Bids at Auction": "If no one makes a bid at auction the card is taken by
    the auctioneer without payment." Axel's Yoko draws no bid and he keeps it for
    nothing: no purchase, but a painting. Clemens's Krypto then ends the game with the
    two of them level; by the most paintings Axel wins."""
    ruleset = house(tmp_path, f"winner: {{tie_break: {tie_break}}}\n")
    game = Game.from_position(
        ruleset, 4, round=4, cash=[120000, 120000, 100000, 50000], played=LAST_ROUND,
        hands=[["yoko/open"], ["krypto/double"], ["yoko/sealed"], ["yoko/fixed_price"]],
    )
    play(game, [(0, "play yoko/open"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert game.state.paintings == (1, 0, 0, 0) and game.state.sales == ()
    play(game, [(1, "play krypto/double")])
    assert game.outcome is not None
    assert game.outcome.cash == (120000, 120000, 100000, 50000)
    assert list(game.outcome.winners) == won


def test_a_minimum_raise_larger_than_the_bid_unit(tmp_path: Path) -> None:
    """001 "The First round": "Doris could start with a bid of 14,000, Clemens tops her
    with 15,000": a raise of one bid unit (1,000). A club's ``minimum_raise: 5000``
    makes every raise at least 5,000, in open and once-around auctions alike."""
    ruleset = house(tmp_path, "money: {minimum_raise: 5000}\n")
    hands = [["krypto/open", "krypto/once_around"], ["yoko/open"], ["yoko/sealed"], ["yoko/double"]]
    game = Game.from_position(ruleset, 4, hands=hands)
    play(game, [(0, "play krypto/open"), (1, "bid 14000")])
    legal = game.legal(2)
    assert legal.bid is not None and legal.bid[0] == 19000
    with pytest.raises(IllegalActionError):
        game.apply("bid 15000", 2)
    play(game, [(2, "bid 19000")])
    assert game.legal(3).bid is not None and game.legal(3).bid[0] == 24000
    opening = Game.from_position(ruleset, 4, hands=hands)
    play(opening, [(0, "play krypto/once_around")])
    assert opening.legal(1).bid is not None and opening.legal(1).bid[0] == 1000  # no bid yet
    assert "a bid must top the last one by at least 5,000" in rulebook(ruleset, "en")
    assert "une offre doit dépasser la précédente d'au moins 5" in rulebook(ruleset, "fr")


@pytest.mark.parametrize("kind", ["open", "once_around"])
def test_the_auctioneer_barred_from_bidding_on_their_own_lot(tmp_path: Path, kind: str) -> None:
    """001 "Open auction": "Everyone (including the auctioneer) may bid"; "The auction
    continues back to the auctioneer who has the last bid" (once around). A club's
    ``auctioneer_may_bid: false`` leaves the auctioneer only a pass; nobody else bidding,
    the auctioneer takes the card free (the book's no-bid rule)."""
    ruleset = house(tmp_path, f"auctions:\n  {kind}: {{auctioneer_may_bid: false}}\n")
    hands = [[f"krypto/{kind}", "yoko/open"], ["yoko/sealed"], ["yoko/double"], ["lite-metal/open"]]
    game = Game.from_position(ruleset, 4, hands=hands)
    play(game, [(0, f"play krypto/{kind}")])
    kinds, asked = [], False
    while game.state.lot is not None:
        seat = game.to_act()[0]
        if seat == 0:
            asked = True
            assert game.legal(0).bid is None
            with pytest.raises(IllegalActionError, match="may not bid on their own lot"):
                game.apply("bid 5000", 0)
        kinds += play(game, [(seat, "pass")])
    assert asked and "sold" in kinds
    assert len(game.state.owned[0]) == 1 and game.state.cash[0] == 100000
    book = Game.from_position(house(tmp_path, ""), 4, hands=hands)
    play(book, [(0, f"play krypto/{kind}")])
    while book.to_act() != (0,):
        play(book, [(book.to_act()[0], "pass")])
    assert book.legal(0).bid is not None  # the book: the auctioneer may bid
    assert "may not bid on their own card" in rulebook(ruleset, "en")
    assert "le vendeur ne peut pas enchérir sur son propre tableau" in rulebook(
        ruleset, "fr"
    ).lower()


#: 001 "Auction types", Clemens auctions a sealed card: Doris and Axel both bid 12,000.
SEALED_TIE = [["krypto/sealed", "yoko/open"], ["yoko/sealed"], ["yoko/double"], ["lite-metal/open"]]
FISTS = [(0, "bid 11000"), (1, "bid 12000"), (2, "bid 12000"), (3, "pass")]


@pytest.mark.parametrize(
    ("ties", "rebids", "buyer", "price"),
    [
        ("re-bid", [(2, "bid 15000"), (1, "pass")], 2, 15000),
        ("re-bid", [(1, "bid 15000"), (2, "bid 15000")], 1, 15000),
        ("re-bid-or-unsold", [(1, "pass"), (2, "bid 13000")], 2, 13000),
        ("re-bid-or-unsold", [(1, "pass"), (2, "pass")], None, 0),
    ],
)
def test_sealed_ties_bid_once_more_among_the_tied(
    tmp_path: Path, ties: str, rebids: list[tuple[int, str]], buyer: int | None, price: int
) -> None:
    """001 "Sealed auction": "Where two or more players tie with the highest bid, the
    card goes to the one who is first in line, starting with the auctioneer and moving
    clockwise. Thus ... Doris as next in line gets the card." A club's ``sealed.ties``
    makes Doris and Axel, and only them, bid once more in secret, above their 12,000 (an
    empty fist keeps it); a second tie goes by the book's order (``re-bid``) or leaves the
    card unsold (``re-bid-or-unsold``)."""
    ruleset = house(tmp_path, f"auctions:\n  sealed: {{ties: {ties}}}\n")
    game = Game.from_position(ruleset, 4, hands=SEALED_TIE)
    play(game, [(0, "play krypto/sealed"), *FISTS])
    assert game.state.lot is not None and game.to_act() == (1, 2)  # the tied only
    assert game.legal(0).bid is None and game.legal(3).bid is None
    span = game.legal(1).bid
    assert span is not None and span[0] == 13000  # above the tied bid
    with pytest.raises(IllegalActionError):
        game.apply("bid 12000", 1)
    lot = game.view(0).lot
    assert lot is not None and dict(lot)["high"] == 12000  # the tied bid is public
    assert dict(lot)["bids"] == ((1, 12000), (2, 12000))  # who tied, as revealed
    play(game, rebids[:1])
    for seed in range(5):  # a bot's sampled game: only the tied bid again, view kept
        twin = determinize(game.view(3), seed)
        assert twin.view(3) == game.view(3)
        lot = twin.state.lot
        assert lot is not None and lot.sealed[0] == lot.sealed[3] == 0
        assert all(b is None or b == 12000 or b >= 13000 for b in lot.sealed[1:3])
    kinds = play(game, rebids[1:])
    assert game.state.lot is None and kinds.count("reveal") == 1
    if buyer is None:
        assert "unsold" in kinds and len(game.state.table) == 1
        assert game.state.cash == (100000,) * 4
    else:
        assert len(game.state.owned[buyer]) == 1
        assert game.state.cash[buyer] == 100000 - price and game.state.cash[0] == 100000 + price
    book = Game.from_position(house(tmp_path, ""), 4, hands=SEALED_TIE)
    play(book, [(0, "play krypto/sealed"), *FISTS])
    assert len(book.state.owned[1]) == 1 and book.state.cash[1] == 88000  # the book: Doris buys
    assert "only the tied players bid once more, in secret" in rulebook(ruleset, "en")
    assert "seuls les joueurs à égalité enchérissent" in rulebook(ruleset, "fr")


@pytest.mark.parametrize("ties", ["re-bid", "re-bid-or-unsold"])
def test_sealed_re_bids_play_out_and_replay(tmp_path: Path, ties: str) -> None:
    """Random players in a playout; the record replays through the step API."""
    from auctionrules.engine import RandomAgent, replay

    ruleset = house(tmp_path, f"auctions:\n  sealed: {{ties: {ties}}}\n")
    rebids = 0
    for seed in range(10):
        game = Game.new(ruleset, 3, seed=seed)
        game.playout([RandomAgent(seed=seed + s) for s in range(3)])
        assert game.outcome is not None
        kinds = [event.kind for event in game.events]
        rebids += sum(a == "reveal" and b == "sealed-bid" for a, b in pairwise(kinds))
        again = replay(game.record())
        assert again.snapshot() == game.snapshot()
    assert rebids > 0  # (the seeds reach a tie)


FOUR_LITE_METAL = ["lite-metal/open", "lite-metal/sealed", "lite-metal/once_around",
                   "lite-metal/fixed_price"]
CLEMENS = [["lite-metal/open", "yoko/open"], ["yoko/sealed"], ["yoko/double"], ["krypto/open"]]


def test_the_card_that_ends_the_round_can_be_sold(tmp_path: Path) -> None:
    """001 "Ending a round": "Since this is the 5th Lite Metal card on the table, the
    round ends immediately. The 5th card is not auctioned off, nor is it sold at the end
    of the round." With the club's ``round_end.ending_card: sold`` Clemens's fifth Lite
    Metal is auctioned as usual (Doris buys it for 20,000), then the round ends and Doris
    sells it to the bank as a card of the first artist (30,000)."""
    ruleset = house(tmp_path, "round_end: {ending_card: sold}\n")
    game = Game.from_position(ruleset, 4, hands=CLEMENS, played=FOUR_LITE_METAL)
    kinds = play(game, [(0, "play lite-metal/open")])
    assert "round-end" not in kinds and game.state.lot is not None  # under the hammer
    kinds = play(game, [(1, "bid 20000"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert kinds.index("sold") < kinds.index("round-end")
    assert game.state.round == 1 and game.state.board[0][0] == 30000  # Lite Metal first
    assert game.state.cash[:2] == (120000, 110000)
    book = Game.from_position(house(tmp_path, ""), 4, hands=CLEMENS, played=FOUR_LITE_METAL)
    kinds = play(book, [(0, "play lite-metal/open")])
    assert "round-end" in kinds and book.state.cash == (100000,) * 4  # the book: not auctioned
    assert "That card is still auctioned as usual" in rulebook(ruleset, "en")
    assert "Ce tableau est tout de même mis aux enchères normalement" in rulebook(ruleset, "fr")
    assert "The 5th card is not auctioned" not in rulebook(ruleset, "en")


def test_a_double_whose_second_card_ends_the_round_is_sold(tmp_path: Path) -> None:
    """001 "Ending a round with an equals card": "As soon as this is done, there are 5
    'Krypto' cards on the table. The round ends immediately, the two cards are not
    auctioned and are not sold." With ``ending_card: sold`` the two cards are auctioned
    as one lot by the second card's type (a fixed price here), then the round ends."""
    ruleset = house(tmp_path, "round_end: {ending_card: sold}\n")
    played = ["krypto/open", "krypto/sealed", "krypto/once_around"]
    hands = [["krypto/double", "yoko/open"], ["krypto/fixed_price"], ["yoko/sealed"],
             ["yoko/double"]]
    game = Game.from_position(ruleset, 4, hands=hands, played=played)
    play(game, [(0, "play krypto/double"), (0, "pass")])
    kinds = play(game, [(1, "add krypto/fixed_price")])
    assert "round-end" not in kinds and game.state.lot is not None
    kinds = play(game, [(1, "price 10000"), (2, "buy")])
    assert kinds.index("sold") < kinds.index("round-end") and game.state.round == 1
    assert game.state.cash[2] == 100000 - 10000 + 2 * 30000


@pytest.mark.parametrize("players", [3, 5])
def test_sold_ending_cards_play_out_step_by_step(tmp_path: Path, players: int) -> None:
    """Random players through the step API, the invariants checked at every step (the
    count may reach the round's end only while that card is under the hammer); the
    record replays."""
    from auctionrules.engine import RandomAgent, replay

    ruleset = house(tmp_path, "round_end: {ending_card: sold}\n")
    sold_last = 0
    for seed in range(3):
        game = Game.new(ruleset, players, seed=seed)
        agents = [RandomAgent(seed=seed + s) for s in range(players)]
        while game.outcome is None:
            seat = game.to_act()[0]
            game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
            assert game.check_invariants() == []
        kinds = [event.kind for event in game.events]
        sold_last += sum(a == "sold" and b == "round-end" for a, b in pairwise(kinds))
        assert replay(game.record()).snapshot() == game.snapshot()
    assert sold_last > 0
