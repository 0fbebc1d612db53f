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
        assert game.cash == [100000, 100000, 91000, 100000]
    finally:
        unregister("double.payee", "club.charity")


def test_unknown_axis() -> None:
    with pytest.raises(RulesError, match="unknown strategy axis"):
        register("nonsense", "x.y")
