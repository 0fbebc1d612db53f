"""Views are immutable values made from shared parts: kept, they never change.

A view is complete when it is made; the game keeps the parts every seat sees
alike (the public part), each hand's sorted cards and the cash behind screens,
and shares them between views instead of copying them. These tests hold a view
kept across moves to what it was, the shared parts to the parts made afresh, and
check that the sharing is real (a view made while only the lot's progress changed
holds the very same public part).
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from auctionrules.engine import Game, RandomAgent, View
from auctionrules.engine.views import FIELDS

from .conftest import ruleset, with_modules

CONFIGURATIONS = [
    ("hig-1992-en", 4), ("hig-1992-en", 3), ("taiwan", 5), ("boardpia-modern", 2),
    ("boardpia-renaissance", 3), ("cmon-2017", 4), ("hig-1992-fr+mystery-hand", 3),
]


def _rules(variant: str) -> Any:
    name, *modules = variant.split("+")
    return with_modules(name, *modules) if modules else ruleset(name)


def _fields(view: View) -> dict[str, Any]:
    """Every field by name, cards by name as well as by code."""
    names = [name.lstrip("_") for name in FIELDS]
    return {name: getattr(view, name) for name in [*names, "hand"]}


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS)
def test_a_kept_view_never_changes(variant: str, players: int) -> None:
    """Every view of two seeded games, the acting seat's and the spectator's, kept to
    the end: each still reads what it read when it was made."""
    for seed in range(2):
        game = Game.new(_rules(variant), players=players, seed=seed)
        agents = [RandomAgent(seat) for seat in range(players)]
        kept: list[tuple[View, dict[str, Any], tuple[Any, ...]]] = []
        while not game.is_over:
            seat = game.to_act()[0]
            for view in (game.view(seat), game.view(None)):
                kept.append((view, _fields(view), view.values()))
            view = kept[-2][0]
            game.apply(agents[seat].act(view, game.legal(seat)), seat)
        for view, fields, values in kept:
            assert _fields(view) == fields
            assert view.values() == values
            assert tuple(view) == values


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS[:3])
def test_views_share_the_public_part_while_only_the_lot_progresses(
    variant: str, players: int
) -> None:
    """Between two bids of one lot the views share one public part (nothing copied);
    once something public changes (a card laid, a sale), the next view has a new one
    that equals the part made afresh."""
    game = Game.new(_rules(variant), players=players, seed=3)
    agents = [RandomAgent(seat) for seat in range(players)]
    shared = renewed = 0
    previous: View | None = None
    while not game.is_over:
        seat = game.to_act()[0]
        view = game.view(seat)
        fresh = game.clone().view(seat)  # (a clone keeps no parts: made afresh)
        assert view == fresh and view.values() == fresh.values()
        if previous is not None:
            if view._public is previous._public:
                shared += 1
                assert previous.lot is not None and view.lot is not None
                assert dict(previous.lot)["cards"] == dict(view.lot)["cards"]
            else:
                renewed += 1
        previous = view
        game.apply(agents[seat].act(view, game.legal(seat)), seat)
    assert shared > 0 and renewed > 0


def test_equal_views_hash_alike_and_pickle() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=2)
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(40):
        seat = game.to_act()[0]
        view = game.view(seat)
        twin = game.clone().view(seat)
        assert view == twin and hash(view) == hash(twin)
        for copied in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view), copy.copy(view)):
            assert copied == view and copied.values()[:-1] == view.values()[:-1]
        game.apply(agents[seat].act(view, game.legal(seat)), seat)
    assert game.view(0) != game.view(1)


def test_replace_changes_only_the_named_fields() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=3, seed=4)
    view = game.view(0)
    assert view.hand is not None
    changed = view.replace(hand=view.hand[:2], round=3)
    assert changed.hand == view.hand[:2] and changed.round == 3
    assert changed.cash == view.cash and changed.board == view.board
    assert view.round == 1  # (the original unchanged)
