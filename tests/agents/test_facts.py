"""The lot an agent decides from has one shape, whatever it is read from.

``Facts.lot`` is the view's own record of the lot under the hammer
(:class:`~auctionrules.engine.kept.LotPart`), read by field name; a seat's facts
read from its view and from the game (as a search reads a sampled game) hold the
same lot, and the record agrees with the view's ``(name, value)`` pairs it is
shown as.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from support import rules_of

from auctionrules.agents import HeuristicAgent
from auctionrules.agents.facts import Facts
from auctionrules.engine import Game
from auctionrules.engine.kept import LotPart
from auctionrules.model import AUCTION_TYPES

#: Every field of the record, the standing ones (read through ``laid``) first.
FIELDS = (
    "cards", "kind", "leader", "adder", "auctioneer", "high", "bids", "high_bidder", "price",
    "sealed_done", "own_bid", "asker", "order", "pos", "passes", "out", "limits",
)
TABLES = [
    ("hig-1992-en", (), 4), ("hig-1992-fr", ("mystery-hand",), 3), ("taiwan", (), 5),
    ("boardpia-modern", (), 2), ("cmon-2017", (), 3),
]


def _fields(lot: LotPart | None) -> tuple[Any, ...] | None:
    return None if lot is None else tuple(getattr(lot, name) for name in FIELDS)


@pytest.mark.parametrize(("variant", "modules", "players"), TABLES)
def test_a_seat_sees_the_same_lot_in_its_view_and_in_the_game(
    variant: str, modules: tuple[str, ...], players: int
) -> None:
    rules = rules_of(variant, modules, players)
    lots = 0
    for seed in range(2):
        game = Game.new(rules=rules, seed=seed)
        agents = [HeuristicAgent(seat) for seat in range(players)]
        while not game.is_over:
            seat = game.to_act()[0]
            view = game.view(seat)
            seen, own = Facts.of_view(view).lot, Facts.of_game(game, seat).lot
            assert _fields(seen) == _fields(own)
            if seen is not None:
                lots += 1
                pairs = dict(view.lot or ())
                names = rules.codec.names
                assert pairs["cards"] == tuple(names[card] for card in seen.cards)
                assert pairs["type"] == AUCTION_TYPES[seen.kind]
                assert (pairs["leader"], pairs["adder"], pairs["auctioneer"]) == (
                    seen.leader, seen.adder, seen.auctioneer)
                assert (pairs["high_bidder"], pairs["price"], pairs["own_sealed_bid"]) == (
                    seen.high_bidder, seen.price, seen.own_bid)
            game.apply(agents[seat].act(view, game.legal(seat)), seat)
    assert lots > 0


def test_the_record_survives_a_pickled_view() -> None:
    game = Game.from_position(
        rules_of("hig-1992-en", (), 4).ruleset, 4,
        hands=[["yoko/double", "krypto/open"], ["yoko/open"], ["krypto/sealed"], []],
    )
    for action, seat in (("play yoko/double", 0), ("pass", 0), ("add yoko/open", 1),
                         ("bid 3000", 2)):
        game.apply(action, seat)
    view = game.view(3)
    lot = view.lot_part
    assert lot is not None
    assert (lot.auctioneer, lot.adder, lot.high_bidder, lot.high) == (1, 1, 2, 3000)
    again = pickle.loads(pickle.dumps(view))
    assert again == view
    assert _fields(again.lot_part) == _fields(lot)
