"""House rules a club writes on top of an edition, played out.

Each test quotes the rule of the books the house rule departs from, builds the
house variant as a club would write it (a file extending ``hig-1992-en``), and
plays the position the rule is about. Amounts are the Hans im Glück book's
(x1,000).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auctionrules.engine import Game
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
    assert game.cash == [100000, 0, 100000, 100000]
    assert all(not owned for owned in game.owned)
    assert game.counts[1] == 1  # Yoko's card still counts for the ranking
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
    assert game.cash == [100000, 10000, 100000, 100000]
    assert len(game.owned[1]) == 1


def test_auctioneer_pays_all_is_the_all_cash_reading(tmp_path: Path) -> None:
    """``above_cash: auctioneer-pays-all``: the auctioneer buys for all they have."""
    ruleset = house(tmp_path, UNLIMITED % ", above_cash: auctioneer-pays-all")
    game = Game.from_position(ruleset, 4, hands=HANDS, cash=[100000, 30000, 100000, 100000],
                              auctioneer=1)
    play(game, NOBODY_BUYS)
    assert game.cash == [100000, 0, 100000, 100000] and len(game.owned[1]) == 1
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
    assert "unsold" in kinds and game.cash == [100000] * 4
    assert game.counts[1] == 1 and not game.owned[1]
    assert "it stays on the table unsold and still counts for the ranking" in rulebook(
        ruleset, "en"
    )
    assert "il reste invendu sur la table" in rulebook(ruleset, "fr")
