"""Light views: read off the game while it stands still, frozen before it moves on.

A view made at a decision reads each field off the game when asked; the game
freezes every view someone still holds before it moves. These tests hold the
two paths to each other: what a live view reads is what a frozen one holds, a
view kept across moves never changes, and only views someone holds are frozen.
"""

from __future__ import annotations

import copy
import gc
import pickle
from typing import Any

import pytest

from auctionrules.engine import Game, RandomAgent, View
from auctionrules.engine import views as views_module
from auctionrules.engine.views import FIELDS

from .conftest import ruleset, with_modules

CONFIGURATIONS = [
    ("hig-1992-en", 4), ("hig-1992-en", 3), ("taiwan", 5), ("boardpia-modern", 2),
    ("boardpia-renaissance", 3), ("cmon-2017", 4), ("hig-1992-fr+mystery-hand", 3),
]


def _rules(variant: str) -> Any:
    name, *modules = variant.split("+")
    return with_modules(name, *modules) if modules else ruleset(name)


def _read(view: View, order: list[str]) -> dict[str, Any]:
    return {name: getattr(view, name) for name in order}


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS)
def test_a_live_view_reads_what_a_frozen_view_holds(variant: str, players: int) -> None:
    """At every decision of seeded games, each field read off the game (in field
    order, and in reverse order, so that the kept parts are made by different
    fields first) equals the field of a view frozen at once; so do the names
    (hand, lot, owned...). The lot's values are immutable (it hashes)."""
    names = [*FIELDS, "hand", "lot", "owned", "table", "discard"]
    for seed in range(2):
        game = Game.new(_rules(variant), players=players, seed=seed)
        agents = [RandomAgent(seat) for seat in range(players)]
        step = 0
        while not game.is_over:
            seat = game.to_act()[0]
            order = names if step % 2 else names[::-1]
            for who in (seat, None):
                live = game.view(seat) if who is not None else game.public_view()
                read = _read(live, order)
                assert live._source is game  # (still live: reading froze nothing)
                frozen = game.view(seat) if who is not None else game.public_view()
                assert tuple(frozen) == tuple(read[name] for name in FIELDS)
                assert read == _read(frozen, order)
                hash(read["lot"])  # (every value of the lot immutable, as the view is)
            game.step(agents[seat].act(game.view(seat), game.legal(seat)), seat)
            step += 1
        hash(game.view(0))  # (the outcome's values immutable too)


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS[::3])
def test_views_held_across_moves_show_the_position_they_were_made_in(
    variant: str, players: int
) -> None:
    """Views held across moves (some read before the move, some never) equal a copy
    frozen when they were made, after the game has moved on; each then holds
    values, not the game."""
    game = Game.new(_rules(variant), players=players, seed=7)
    agents = [RandomAgent(seat) for seat in range(players)]
    held: list[tuple[View, tuple[Any, ...]]] = []
    while not game.is_over:
        seat = game.to_act()[0]
        view = game.view(seat)
        if len(game.log) % 3 == 0:
            view.lot  # noqa: B018 - read before the move
        held.append((view, tuple(game.view(seat))))
        game.apply(agents[seat].act(view, game.legal(seat)), seat)
    for view, values in held:
        assert view._source.__class__ is tuple
        assert tuple(view) == values


def test_only_views_someone_holds_are_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Freezing computes every field; a view that nobody holds when the game moves
    (the README's loop drops each view once its agent has acted) is not frozen,
    and every view that someone holds is."""
    frozen: list[View] = []
    original = View._frozen

    def counting(view: View) -> tuple[Any, ...]:
        if view._source.__class__ is not tuple:
            frozen.append(view)
        return original(view)

    monkeypatch.setattr(View, "_frozen", counting)
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=2)
    agents = [RandomAgent(seat) for seat in range(4)]
    kept: list[View] = []
    while not game.is_over:
        seat = game.to_act()[0]
        if len(game.log) % 5 == 0:
            kept.append(game.view(seat))
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    assert kept
    assert frozen == kept


def test_a_game_that_stands_still_does_not_keep_its_views_without_end() -> None:
    """A finished game is viewed without end: the views nobody holds are dropped;
    views held while the list is pruned are kept, and frozen at the next move."""
    rules = ruleset("hig-1992-en")
    game = Game.new(rules, players=4, seed=1)
    game.playout([RandomAgent(seat) for seat in range(4)])
    for _ in range(1000):
        game.public_view()
    assert len(game._viewers) <= views_module._PRUNE + 1

    game = Game.new(rules, players=4, seed=1)
    seat = game.to_act()[0]
    held = [game.view(seat) for _ in range(3 * views_module._PRUNE)]
    for _ in range(1000):
        game.view(seat)
    assert len(game._viewers) <= len(held) + views_module._PRUNE + 1
    before = tuple(game.view(seat))
    game.apply(RandomAgent(0).act(held[0], game.legal(seat)), seat)
    assert all(view._source.__class__ is tuple and tuple(view) == before for view in held)


def test_a_playout_freezes_the_views_made_before_it() -> None:
    """A playout moves the game without the step API's calls: the views made before
    it are frozen first."""
    game = Game.new(ruleset("cmon-2017"), players=4, seed=3)
    view = game.view(0)
    before = tuple(game.view(0))
    game.playout([RandomAgent(seat) for seat in range(4)])
    assert tuple(view) == before
    assert view.phase == "lead"


def test_a_live_view_pickles_and_copies_without_the_game() -> None:
    """Pickling or copying a live view freezes it first: the copy holds values only."""
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=4)
    for factory in (lambda: game.view(1), game.public_view):
        for clone in (
            lambda view: pickle.loads(pickle.dumps(view)), copy.copy, copy.deepcopy,
        ):
            view = factory()
            twin = clone(view)
            assert twin == view and hash(twin) == hash(view)
            assert twin._source.__class__ is tuple
            assert not any(isinstance(obj, Game) for obj in gc.get_referents(twin))


def test_what_a_live_view_gives_reaches_neither_the_game_nor_a_secret() -> None:
    """A live view holds its game in a private slot (as ``board.legal_moves`` holds
    its board); every field and name it gives while live is a value that reaches
    neither the game nor another seat's hand, the deck or a list of the game's."""
    from .test_views import _reachable, _secrets

    public = [name for name in dir(View) if not name.startswith("_")]
    public = [name for name in public if not callable(getattr(View, name))]
    assert {"hand", "lot", "cash", "owned", "board", "rules"} <= set(public)
    game = Game.new(_rules("hig-1992-fr+mystery-hand"), players=3, seed=5)
    agents = [RandomAgent(seat) for seat in range(3)]
    lists = {id(value) for value in vars(game.state).values() if isinstance(value, list)}
    step = 0
    while not game.is_over:
        seat = game.to_act()[0]
        if step % 4 == 0:
            view = game.view(seat)
            given = [getattr(view, name) for name in public if name != "rules"]
            assert view._source is game
            reached = _reachable(*given)
            assert not reached & (_secrets(game, seat) | lists)
        game.step(agents[seat].act(game.view(seat), game.legal(seat)), seat)
        step += 1
