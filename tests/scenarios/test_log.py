"""The game log says what happened, in the words of the rules and in the log's language.

A declined dummy flip and a declined double are not auction passes, the card that
ends a round is the ``round_end.artist_cards``-th, a round stopped because nobody
can lead says so, and ``--lang fr`` speaks French.
"""

from __future__ import annotations

import string

import attrs
import pytest

from auctionrules.cli import main
from auctionrules.engine import Game, Reason
from auctionrules.engine.hiding import events_seen
from auctionrules.model import AUCTION_TYPES
from auctionrules.rulebook.lang import available, catalog
from auctionrules.rulebook.log import lines, player_names

from .support import play, position, ruleset, tr


def log(game: Game, lang: str | None = None, seat: int | None = None) -> list[str]:
    """The game's log lines as ``seat`` heard them (``None``: a spectator), stripped of
    their indentation."""
    events = game.events if seat is None else events_seen(game, seat)[0]
    return [line.strip() for line in lines(events, game.rules.ruleset, lang=lang)]


def test_a_declined_dummy_flip_is_not_a_pass() -> None:
    """001 "Variant for Three Players": "Every time that a player has auctioned a card or
    cards, after the auction, they may, if they wish, turn over the topmost card". Seat 0
    auctions, seat 1 buys, seat 0 does not turn a card over; next lot, seat 1 does."""
    variant = "hig-1992-en+mystery-hand"
    game = position(variant, 3, [["a0/open", "a4/open"], ["a1/open"], ["a2/open"]],
                    dummy_hands=[["a3/sealed", "a3/open"]])
    play(game, variant, [(0, "play a0/open"), (1, "bid 6"), (2, "pass"), (0, "pass"),
                         (0, "pass"), (1, "play a1/open"), (2, "pass"), (0, "pass"),
                         (1, "pass"), (1, "flip")])
    text = log(game)
    assert text[text.index("-> Player 2 buys Lite Metal (open) for 6,000 dollars") + 1] == (
        "Player 1 does not turn over a dummy card"
    )
    assert text[-1] == "Player 2 turns over a dummy card: Karl Gitter (sealed)"
    assert sum(line.endswith(" passes") for line in text) == 5  # the auctions' passes
    french = log(game, "fr")
    assert "Joueur 1 ne retourne pas de carte mystère" in french
    assert french[-1] == "Joueur 2 retourne une carte mystère\u00a0: Karl Gitter (dans la main)"


def test_a_declined_double_is_not_a_pass() -> None:
    """001 "=" (Extra card): "If the player who played the "=" card does not want to add
    a second card, or cannot, the player on his left may do so". Seat 0 leads a double
    and does not add; seats 1 and 2 do not either; seat 3 adds an open card, and the
    open auction's passes are passes."""
    variant = "hig-1992-en"
    hands = [["a0/double", "a4/open"], ["a1/open"], ["a2/open"], ["a0/open", "a3/open"]]
    game = position(variant, 4, hands)
    play(game, variant, [(0, "play a0/double"), (0, "pass"), (1, "pass"), (2, "pass"),
                         (3, "add a0/open"), (0, "pass")])
    text = log(game)
    start = text.index("Player 1 auctions Lite Metal (double)") + 1
    assert text[start : start + 4] == [
        "Player 1 does not add a second card",
        "Player 2 does not add a second card",
        "Player 3 does not add a second card",
        "Player 4 adds Lite Metal (open)",
    ]
    assert text[start + 4] == "Player 1 passes"
    assert log(game, "fr")[start] == "Joueur 1 ne propose pas de deuxième tableau"


@pytest.mark.parametrize(("cards", "en", "fr"), [(5, "5th", "5e"), (4, "4th", "4e")])
def test_the_card_that_ends_the_round_is_counted_by_the_rules(
    cards: int, en: str, fr: str
) -> None:
    """001 "The First round": "Since this is the 5th Lite Metal card on the table, the
    round ends immediately." With ``round_end.artist_cards: 4`` the 4th card ends it and
    the log says so."""
    base = ruleset("hig-1992-en")
    rules = attrs.evolve(base, round_end=attrs.evolve(base.round_end, artist_cards=cards))
    game = Game.from_position(
        rules, 3, hands=[[tr("hig-1992-en", "a0/open")], [tr("hig-1992-en", "a1/open")],
                         [tr("hig-1992-en", "a1/sealed")]],
        played=[tr("hig-1992-en", f"a0/{kind}")
                for kind in ("sealed", "once_around", "fixed_price", "open")[: cards - 1]],
    )
    game.apply(f"play {tr('hig-1992-en', 'a0/open')}", 0)
    assert f"Round 1 ends ({en} card of Lite Metal)" in log(game)
    assert f"Fin de la manche 1 ({fr} tableau de Lite Metal)" in log(game, "fr")


def test_a_round_nobody_can_lead_in_is_not_hands_exhausted() -> None:
    """002 2 PLAYER VARIANT: "you may only play a Double Auction card if you possess a
    second auction card that goes with it". Both players hold one double and no
    companion: the round ends because nobody can lead, not because hands are empty."""
    variant = "boardpia-modern"
    game = position(variant, 2, [["a0/open", "a1/double"], ["a2/double"]], round=2,
                    dummy_hands=[["a3/open"] * 3, ["a4/open"] * 3])
    play(game, variant, [(0, "play a0/open"), (1, "pass"), (0, "pass")])
    text = log(game)
    assert "Round 2 ends (nobody can lead a card)" in text
    assert not any("empty" in line for line in text)


def test_play_speaks_the_log_language(capsys: pytest.CaptureFixture[str]) -> None:
    """``auctionrules play --lang fr`` prints the log and the result in French, with the
    French names of the auction types (004: aller et retour, un seul tour, dans la
    main, prix fixe, double enchère); ``--lang en`` in English."""
    assert main(["play", "hig-1992-en", "-p", "3", "-s", "2", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Manche 1\u00a0: cartes distribuées 10, 10 et 10" in out
    assert "Joueur 1 met en vente" in out and "Résultat (" in out
    assert not any(word in out for word in (" passes", " bids ", "Round ", "Player "))
    assert main(["play", "hig-1992-fr", "-p", "3", "-s", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Round 1: cards dealt 10, 10 and 10" in out and "Joueur" not in out
    assert main(["play", "hig-1992-en", "--lang", "de"]) == 2
    assert "unsupported language: 'de'" in capsys.readouterr().err


def test_the_record_names_seats_alike_in_every_language() -> None:
    """A game record does not depend on the language of the log that went with it; seats
    are named as people count them, from 1 (the API and the records number them from
    0)."""
    assert player_names(3) == ["Player 1", "Player 2", "Player 3"]
    assert player_names(2, "fr") == ["Joueur 1", "Joueur 2"]


@pytest.mark.parametrize("lang", available())
def test_every_language_has_every_log_phrase(lang: str) -> None:
    """Each catalog's log phrases have the keys and fields of the English ones, and say
    every auction type and every way a round or a game ends."""
    english, phrases = catalog("en").log, catalog(lang).log
    assert set(phrases) == set(english)
    for key, template in english.items():
        assert fields(phrases[key]) == fields(template), key
    for auction in AUCTION_TYPES:
        assert f"auction.{auction}" in phrases
    for reason in Reason:
        assert {f"game-end.{reason.value}", f"reason.{reason.value}"} <= set(phrases)
        if reason is not Reason.ROUNDS_COMPLETE:
            assert f"round-end.{reason.value}" in phrases


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_a_limit_is_said_as_at_a_table() -> None:
    """001, "The First round": in a free auction "bids can be raised as players wish";
    where limits are announced (``auctions.open.limits``) a player who says how far they
    will go is heard as "will go up to", one who says less than the lowest bid drops
    out (and their passes go without saying), and the bids the engine makes on a limit
    are bids."""
    variant = "hig-1992-en"
    book = ruleset(variant)
    announced = attrs.evolve(book, auctions=attrs.evolve(
        book.auctions, open=attrs.evolve(book.auctions.open, limits="announced")))
    hands = [["a4/open", "a1/sealed"], ["a1/open"], ["a2/open"], ["a3/open"]]
    game = Game.from_position(announced, 4, hands=[[tr(variant, c) for c in h] for h in hands])
    play(game, variant, [(0, "play a4/open"), (1, "limit 0"), (2, "limit 15"),
                         (3, "bid 14"), (0, "pass"), (3, "pass")])
    text = log(game)
    assert log(game, seat=0) == log(game, seat=3) == text  # (everybody heard it)
    start = text.index("Player 1 auctions Krypto (open)") + 1
    assert text[start:start + 7] == [
        "Player 2 drops out of this lot",
        "Player 3 will go up to 15,000 dollars",
        "Player 3 bids 1,000 dollars",
        "Player 4 bids 14,000 dollars",
        "Player 1 passes",
        "Player 3 bids 15,000 dollars",
        "Player 4 passes",
    ]
    assert not any(line == "Player 2 passes" for line in text)
    french = log(game, "fr")
    assert "Joueur 2 se retire de cette vente" in french
    assert "Joueur 3 ira jusqu'à 15\xa0000\xa0dollars" in french


def test_a_private_limit_is_heard_by_its_seat_alone() -> None:
    """The default, ``auctions.open.limits: private``: the same lot as above; its seat
    hears its limit, the others and a spectator hear only the bids and passes the engine
    makes on it, as if the seat had said them, and never a limit."""
    variant = "hig-1992-en"
    game = position(variant, 4, [["a4/open", "a1/sealed"], ["a1/open"], ["a2/open"], ["a3/open"]])
    play(game, variant, [(0, "play a4/open"), (1, "limit 0"), (2, "limit 15"),
                         (3, "bid 14"), (0, "pass"), (3, "pass")])
    heard = [
        "Player 2 passes",
        "Player 3 bids 1,000 dollars",
        "Player 4 bids 14,000 dollars",
        "Player 1 passes",
        "Player 2 passes",
        "Player 3 bids 15,000 dollars",
        "Player 4 passes",
    ]
    for seat in (None, 0, 3):
        text = log(game, seat=seat)
        start = text.index("Player 1 auctions Krypto (open)") + 1
        assert text[start:start + 7] == heard, seat
        assert not any("go up to" in line or "drops out" in line for line in text)
    own = log(game, seat=2)
    assert "Player 3 will go up to 15,000 dollars" in own
    assert "Player 2 drops out of this lot" not in own
    assert "Player 2 drops out of this lot" in log(game, seat=1)
    assert not any("ira jusqu" in line for line in log(game, "fr", seat=1))


def test_a_seat_past_its_limit_passes_once_in_the_log() -> None:
    """Once the lowest bid is past a seat's limit the engine passes for it whenever it
    would be asked, for the rest of the lot; at a table it has dropped out, so the
    log of those who know its limit (its own; everyone's where limits are announced)
    says its pass once, not at every turn of the bidding. The others hear every pass,
    as they would from a player without a limit."""
    variant = "hig-1992-en"
    game = position(variant, 4, [["a4/open", "a1/sealed"], ["a1/open"], ["a2/open"], ["a3/open"]])
    play(game, variant, [(0, "play a4/open"), (1, "limit 2"), (2, "bid 5"), (3, "pass"),
                         (0, "bid 6"), (2, "bid 7"), (3, "pass"), (0, "pass")])
    assert len([e for e in game.events_of("pass") if e.fields["seat"] == 1]) == 2
    assert log(game, seat=1).count("Player 2 passes") == 1
    text = log(game)
    assert text.count("Player 2 passes") == 2
    assert text.count("Player 4 passes") == 2  # (asked each time: said each time)
