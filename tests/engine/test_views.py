"""Views: no hidden information leaks into a player's or the spectator's view."""

from __future__ import annotations

import json

from auctionrules.engine import Game, RandomAgent

from .conftest import ruleset, with_modules
from .helpers import run


def test_view_shows_own_hand_only() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=3)
    for seat in range(4):
        view = game.view(seat).to_dict()
        json.dumps(view)
        names = [game.rules.codec.name(c) for c in sorted(game.hands[seat])]
        assert view["hand"] == names
        assert view["hand_sizes"] == [9, 9, 9, 9]
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        # no card of any hand appears anywhere else in the view
        assert "/" not in text
    assert game.public_view().to_dict()["hand"] is None


def test_screens_hide_other_cash_but_prices_are_public() -> None:
    """001: each player keeps money behind a sight screen (money.screens)."""
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/open", "yoko/sealed"], ["krypto/open"], []])
    run(game, [(0, "play yoko/open"), (1, "bid 7000"), (2, "pass"), (0, "pass")])
    view = game.view(2).to_dict()
    assert view["cash"] == [None, None, 100000]
    assert view["sales"] == [[0, 1, 7000]]
    assert game.public_view().to_dict()["cash"] == [None, None, None]


def test_sealed_bids_hidden_until_reveal() -> None:
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/sealed", "krypto/open"], ["krypto/sealed"], []])
    run(game, [(0, "play yoko/sealed"), (1, "bid 23000")])
    assert game.to_act() == (0, 2)
    for seat in (0, 2):
        text = json.dumps(game.view(seat).to_dict())
        assert "23000" not in text
    assert game.view(1).to_dict()["lot"]["own_sealed_bid"] == 23000
    assert game.view(0).to_dict()["lot"]["sealed_done"] == [False, True, False]
    assert all("23000" not in str(e) for e in game.events)
    events = run(game, [(0, "pass"), (2, "pass")])
    assert [e.kind for e in events][:4] == ["sealed-bid", "sealed-bid", "reveal", "sold"]
    assert events[2]["bids"] == [0, 23000, 0]


def test_dummy_cards_hidden_until_turned_over() -> None:
    rs = with_modules("hig-1992-en", "mystery-hand")
    game = Game.new(rs, players=3, seed=9)
    dummy = [game.rules.codec.name(c) for c in game.hands[3]]
    view = game.view(0).to_dict()
    assert view["dummy_sizes"] == [9]
    own = set(view["hand"])
    leaked = [c for c in dummy if c not in own and c in json.dumps(view)]
    assert leaked == []


def test_views_stay_json_through_a_game() -> None:
    game = Game.new(ruleset("boardpia-modern"), players=2, seed=1)
    agents = [RandomAgent(0), RandomAgent(1)]
    steps = 0
    while not game.is_over and steps < 200:
        seat = game.to_act()[0]
        view = game.view(seat)
        json.dumps(view.to_dict())
        assert view.cash[1 - seat] is None
        game.apply(agents[seat].act(view, game.legal(seat)), seat)
        steps += 1
