"""Custom strategies: registered from Python, named in a variant file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from auctionrules.engine import Game, RulesError, compile_rules, register
from auctionrules.engine.lot import Lot
from auctionrules.engine.policies import BANK, Payee
from auctionrules.engine.registry import unregister
from auctionrules.loader import load_ruleset

from .helpers import last, run


class Charity(Payee):
    """The whole price of a double goes to the bank."""

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        return ((BANK, price),)


def test_custom_payee_from_a_variant_file(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(
        "id: club-charity\ntitle: Charity doubles\nextends: hig-1992-en\n"
        "auctions:\n  double:\n    payee: club.charity\n",
        encoding="utf-8",
    )
    rs = load_ruleset(path)
    assert rs.auctions.double.payee == "club.charity"
    with pytest.raises(RulesError, match=r"club\.charity"):
        compile_rules(rs, 4)
    register("double.payee", "club.charity")(Charity)
    try:
        hands = [["yoko/double", "krypto/open"], ["yoko/open"], [], []]
        game = Game.from_position(rs, 4, hands=hands)
        events = run(game, [(0, "play yoko/double"), (0, "pass"), (1, "add yoko/open"),
                            (2, "bid 9000"), (3, "pass"), (0, "pass"), (1, "pass")])
        assert last(events, "sold")["payments"] == [[-1, 9000]]
        assert list(game.cash) == [100000, 100000, 91000, 100000]
    finally:
        unregister("double.payee", "club.charity")


def test_unknown_axis() -> None:
    with pytest.raises(RulesError, match="unknown strategy axis"):
        register("nonsense", "x.y")


class Miser(Payee):
    """The adder gets nothing, the bank everything: a second payee to swap in."""

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        return ((BANK, price),)


def test_games_from_a_ruleset_compile_it_once_until_a_strategy_is_registered_again(
    tmp_path: Path,
) -> None:
    """``Game.new(ruleset, ...)`` and ``play_game(ruleset, ...)`` keep the compiled rules
    per ruleset object and player count, and a strategy registered again (a notebook
    redefining it) is picked up by the next game."""
    from auctionrules.engine import play_game

    rs = load_ruleset("hig-1992-en")
    first = Game.new(rs, 4, seed=1).rules
    assert Game.new(rs, 4, seed=2).rules is first
    assert play_game(rs, 4, seed=3).rules is first
    assert Game.new(rs, 3, seed=1).rules is not first  # another count, other rules
    assert Game.new(load_ruleset("hig-1992-en"), 4).rules is not first  # another object
    path = tmp_path / "club.yaml"
    path.write_text(
        "id: club-charity\ntitle: Charity doubles\nextends: hig-1992-en\n"
        "auctions:\n  double:\n    payee: club.charity\n",
        encoding="utf-8",
    )
    club = load_ruleset(path)
    register("double.payee", "club.charity")(Charity)
    try:
        assert type(Game.new(club, 4).rules.payee) is Charity
        register("double.payee", "club.charity")(Miser)
        assert type(Game.new(club, 4).rules.payee) is Miser
    finally:
        unregister("double.payee", "club.charity")
    with pytest.raises(RulesError, match=r"club\.charity"):
        Game.new(club, 4)  # unregistered: compiled anew, and refused
