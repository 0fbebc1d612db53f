"""Hidden information is decided in one function, and what it hides stays hidden.

:func:`auctionrules.engine.hiding.sight` says what a seat (or a spectator) may
see; views, their kept parts and every event a seat reads apply it. The tests
check that no other module reads the rules that decide it, what it decides for
each rule, and, on games of the built-in agents (which say open-auction limits),
that a seat's view, its events and its log never hold another seat's private
limit, and do hold it where limits are announced.
"""

from __future__ import annotations

import ast

import attrs
import pytest

import auctionrules
from auctionrules.agents import make_agent
from auctionrules.engine import Game
from auctionrules.engine.hiding import events_seen, sight
from auctionrules.engine.rules import compile_rules
from auctionrules.model import Ruleset
from auctionrules.rulebook.log import GameLog

from ..conftest import source_of
from .conftest import ruleset

#: The rules that decide what is hidden: read by :func:`sight` alone (and compiled from
#: the ruleset by ``engine/rules.py``).
DECIDING = frozenset(("screens", "public_prices", "limits_announced"))


def _limits(limits: str) -> Ruleset:
    """``hig-1992-en`` with ``auctions.open.limits`` set to ``limits``."""
    book = ruleset("hig-1992-en")
    return attrs.evolve(book, auctions=attrs.evolve(
        book.auctions, open=attrs.evolve(book.auctions.open, limits=limits)))


def test_only_sight_reads_the_rules_that_hide() -> None:
    """No module of the engine or above it (agents, adapters, servers, the terminal)
    reads ``screens``, ``public_prices`` or ``limits_announced`` of the compiled rules:
    what a seat may see is :func:`sight`'s to decide."""
    package = source_of(auctionrules).parent
    allowed = {package / "engine" / "hiding.py", package / "engine" / "rules.py"}
    readers = []
    for folder in ("engine", "agents", "envs", "web", "cli"):
        for path in sorted((package / folder).rglob("*.py")):
            if path in allowed:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            readers += [
                f"{path.relative_to(package)}:{node.lineno} .{node.attr}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and node.attr in DECIDING
            ]
    assert readers == []
    assert sight.__module__ == "auctionrules.engine.hiding"


@pytest.mark.parametrize("screens", [True, False])
@pytest.mark.parametrize("prices", [True, False])
@pytest.mark.parametrize("limits", ["private", "announced"])
def test_what_each_seat_may_see(screens: bool, prices: bool, limits: str) -> None:
    book = _limits(limits)
    rules = compile_rules(attrs.evolve(book, money=attrs.evolve(
        book.money, screens=screens, public_prices=prices)), 3)
    for seat in (0, 1, 2, None):
        look = sight(rules, seat)
        own = tuple(other == seat for other in range(3))
        assert look.hand == (seat is not None)
        assert look.cash == (own if screens else (True,) * 3)
        assert sight(rules, seat, over=True).cash == (True,) * 3
        assert look.sealed == own
        assert look.sales == prices
        assert look.limits == (own if limits == "private" else (True,) * 3)


def _play(rs: Ruleset, seed: int) -> tuple[Game, list[list[tuple[int | None, ...]]]]:
    """A four-player game of the heuristic agents (they say limits in open auctions),
    played step by step from their views; the limits each seat's view showed (seats
    0..3, then the spectator) at every decision in an open auction."""
    game = Game.new(rs, players=4, seed=seed)
    agents = [make_agent("heuristic", seed=f"{seed}/{seat}") for seat in range(4)]
    shown: list[list[tuple[int | None, ...]]] = []
    while not game.is_over:
        views = [game.view(seat) for seat in range(4)] + [game.view(None)]
        lot = views[0].lot_part
        if lot is not None and any(said is not None for said in game.state.lot.limits or ()):
            shown.append([view.lot_part.limits for view in views])  # type: ignore[union-attr]
            for view in views:
                assert view.to_dict()["lot"]["limits"] == list(view.lot_part.limits)  # type: ignore[union-attr]
        seat = game.to_act()[0]
        game.apply(agents[seat].act(views[seat], game.legal(seat)), seat)
    return game, shown


@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_sees_another_seats_private_limit(seed: int) -> None:
    game, shown = _play(_limits("private"), seed)
    said = [(seat, str(action)) for seat, action in game.log if action.verb == "limit"]
    assert len({seat for seat, _ in said}) > 1, "the agents said no limits: nothing tested"
    assert shown
    for limits in shown:
        for seat, seen in enumerate(limits[:4]):
            assert all(amount is None for other, amount in enumerate(seen) if other != seat)
        assert set(limits[4]) == {None}  # (the spectator)
    names = [f"Seat{seat}" for seat in range(4)]
    for seat in (0, 1, 2, 3, None):
        events, _ = events_seen(game, seat)
        assert {e["seat"] for e in events if e.kind == "limit"} <= {seat}
        assert {e["seat"] for e in events if e.get("automatic")} <= {seat}
        log = GameLog(game.rules.ruleset, names).lines(events)
        heard = {line.split()[0] for line in log if "will go up to" in line or "drops out" in line}
        assert heard <= ({names[seat]} if seat is not None else set())
    assert events_seen(game, None)[0] == list(game.events)


@pytest.mark.parametrize("seed", [1, 2])
def test_announced_limits_are_seen_by_every_seat(seed: int) -> None:
    game, shown = _play(_limits("announced"), seed)
    said = {seat for seat, action in game.log if action.verb == "limit"}
    assert len(said) > 1, "the agents said no limits: nothing tested"
    assert shown and all(len(set(limits)) == 1 for limits in shown)  # (all alike)
    public = {e["seat"] for e in game.events if e.kind == "limit"}
    assert public == said
    for seat in range(4):  # (all the public events say, and the seat's own sealed bids)
        own = [e for e in events_seen(game, seat)[0]
               if not (e.kind == "sealed-bid" and e["seat"] == seat)]
        assert own == [e for e in game.events
                       if not (e.kind == "sealed-bid" and e["seat"] == seat)]


def test_the_private_limits_do_not_change_the_game() -> None:
    """Who knows a limit changes no answer the engine makes on it: the same seed plays
    the same actions under both settings (the agents read only their own limits)."""
    private, _ = _play(_limits("private"), 1)
    announced, _ = _play(_limits("announced"), 1)
    assert private.log == announced.log
