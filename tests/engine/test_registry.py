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
    register("auctions.double.payee", "club.charity")(Charity)
    try:
        hands = [["yoko/double", "krypto/open"], ["yoko/open"], [], []]
        game = Game.from_position(rs, 4, hands=hands)
        events = run(game, [(0, "play yoko/double"), (0, "pass"), (1, "add yoko/open"),
                            (2, "bid 9000"), (3, "pass"), (0, "pass"), (1, "pass")])
        assert last(events, "sold")["payments"] == [[-1, 9000]]
        assert list(game.state.cash) == [100000, 100000, 91000, 100000]
    finally:
        unregister("auctions.double.payee", "club.charity")


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
    register("auctions.double.payee", "club.charity")(Charity)
    try:
        assert type(Game.new(club, 4).rules.payee) is Charity
        register("auctions.double.payee", "club.charity")(Miser)
        assert type(Game.new(club, 4).rules.payee) is Miser
    finally:
        unregister("auctions.double.payee", "club.charity")
    with pytest.raises(RulesError, match=r"club\.charity"):
        Game.new(club, 4)  # unregistered: compiled anew, and refused


def test_axes_are_named_by_their_schema_paths() -> None:
    """Every axis is an option of the schema that accepts a custom name, spelled as its
    path (``auctions.double.payee``, a player count ``N``), and every such option is an
    axis."""
    from auctionrules.engine.registry import AXES
    from auctionrules.schema import node, resolve

    for axis in AXES:
        titles = [resolve(alt).get("title") for alt in node(axis).get("anyOf", ())]
        assert "Custom strategy" in titles, axis
    assert set(AXES) == {
        "auctions.open.ending", "auctions.sealed.tie_break", "auctions.double.payee",
        "no_bid", "scoring.tie_break", "scoring.valuation", "next_round.starter",
        "player_counts.N.dummy_hands.flip.when",
    }


@pytest.mark.parametrize(("old", "new"), [
    ("double.payee", "auctions.double.payee"),
    ("open.ending", "auctions.open.ending"),
    ("sealed.tie_break", "auctions.sealed.tie_break"),
    ("dummy_hands.flip.when", "player_counts.N.dummy_hands.flip.when"),
])
def test_the_earlier_axis_names_still_work_with_a_warning(old: str, new: str) -> None:
    from auctionrules.engine.registry import lookup, registered

    with pytest.warns(DeprecationWarning, match=new.replace(".", r"\.")):
        names = registered(old)
    assert names == registered(new) and names
    with pytest.warns(DeprecationWarning):
        assert lookup(old, names[0]) is lookup(new, names[0])
    if old == "double.payee":
        with pytest.warns(DeprecationWarning):
            register(old, "club.charity")(Charity)
        try:
            assert lookup(new, "club.charity") is Charity
        finally:
            unregister(new, "club.charity")


def test_a_strategy_is_built_from_its_own_options() -> None:
    """A strategy receives the section its option is written in (the double's options
    for the payee, the player count's flip for the dummy flip), the number of players
    and the bid unit: not the whole ruleset."""
    from auctionrules.engine.policies import AfterAuction, SplitEqually
    from auctionrules.loader import load_ruleset as load

    rs = load("hig-1992-fr")
    rules = compile_rules(rs, 4)
    assert isinstance(rules.payee, SplitEqually)
    assert rules.payee.options is rs.auctions.double
    assert (rules.payee.players, rules.payee.unit) == (4, 1000)
    assert not hasattr(rules.payee, "ruleset")
    three = compile_rules(load("hig-1992-en", modules=["mystery-hand"]), 3)
    assert isinstance(three.flip_when, AfterAuction)
    assert three.flip_when.options is three.ruleset.player_count(3).dummy_hands.flip
    assert compile_rules(rs, 4).no_bid.options is None
