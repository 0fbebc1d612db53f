"""Views: no hidden information leaks into a player's or the spectator's view."""

from __future__ import annotations

import json

import pytest

from auctionrules.engine import Action, Game, RandomAgent, View

from .conftest import ruleset, with_modules
from .helpers import run


def test_view_shows_own_hand_only() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=3)
    for seat in range(4):
        view = game.view(seat).to_dict()
        json.dumps(view)
        names = [game.rules.codec.name(c) for c in sorted(game.state.hands[seat])]
        assert view["hand"] == names
        assert view["hand_sizes"] == [9, 9, 9, 9]
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        # no card of any hand appears anywhere else in the view
        assert "/" not in text
    assert game.view(None).to_dict()["hand"] is None


def test_screens_hide_other_cash_but_prices_are_public() -> None:
    """001: each player keeps money behind a sight screen (money.screens)."""
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/open", "yoko/sealed"], ["krypto/open"], []])
    run(game, [(0, "play yoko/open"), (1, "bid 7000"), (2, "pass"), (0, "pass")])
    view = game.view(2).to_dict()
    assert view["cash"] == [None, None, 100000]
    assert view["sales"] == [[1, 1, 7000]]  # (round 1, seat 1, the price)
    assert game.view(None).to_dict()["cash"] == [None, None, None]


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
    dummy = [game.rules.codec.name(c) for c in game.state.hands[3]]
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


def _reachable(*roots: object) -> set[int]:
    """Ids of every object reachable from ``roots`` through containers and instances
    (types, modules and functions are not followed: they lead to everything)."""
    import gc
    import types

    seen: set[int] = set()
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(
            obj, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
        ):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return seen


class _Spy(RandomAgent):
    """Reads its view at every decision and keeps what it was handed."""

    __slots__ = ("handed",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.handed: list[tuple[object, object]] = []

    def act(self, state: object, legal: object) -> Action:
        assert state.hand is not None  # type: ignore[attr-defined]
        self.handed.append((state, legal))
        return super().act(state, legal)  # type: ignore[arg-type]


def _secrets(game: Game, seat: int) -> set[int]:
    others = [h for s, h in enumerate(game.state.hands) if s != seat]
    return {id(game), id(game.state.deck), id(game.state.hands), *map(id, others)}


def test_agents_are_handed_a_view_that_reaches_neither_the_game_nor_a_secret() -> None:
    """In every loop the library runs: the playout (one reading seat among choice
    agents) and the checked loop of play_game."""
    from auctionrules.engine import play_game

    rs = ruleset("hig-1992-en")
    for check in (False, True):
        spy = _Spy(1)
        game = Game.new(rs, players=4, seed=5)
        agents = [RandomAgent(0), spy, RandomAgent(2), RandomAgent(3)]
        if check:
            game = play_game(rs, 4, seed=5, agents=agents, check=True)
        else:
            game.playout(agents)
        assert spy.handed
        secrets = _secrets(game, 1)
        for view, legal in spy.handed[::5]:
            assert isinstance(view, View)
            assert not _reachable(view, legal) & secrets


def test_a_view_is_a_snapshot() -> None:
    """A view does not change when the game moves on."""
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=3)
    agents = [RandomAgent(s) for s in range(4)]
    views = []
    for _ in range(60):
        seat = game.to_act()[0]
        views.append((game.view(seat), game.view(seat).to_dict()))
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    for view, text in views:
        assert view.to_dict() == text


def test_a_mixed_playout_plays_the_game_of_the_step_loop() -> None:
    """One seat handed its view at every decision among three choice agents: the
    same game, byte for byte, as every seat stepping through the checked loop."""
    from auctionrules.engine import dumps, play_game

    for variant, players in (("hig-1992-en", 4), ("boardpia-modern", 2)):
        rs = ruleset(variant)
        for seed in range(3):
            mixed = [RandomAgent(f"{seed}/{s}") for s in range(players)]
            mixed[1] = _Spy(0)
            plain = [RandomAgent(f"{seed}/{s}") for s in range(players)]
            plain[1] = RandomAgent(0)
            fast = play_game(rs, players, seed=seed, agents=mixed)
            checked = play_game(rs, players, seed=seed, agents=plain, check=True)
            assert dumps(fast.record()) == dumps(checked.record())
            assert len(mixed[1].handed) == sum(1 for s, _ in fast.log if s == 1)


def test_views_and_mid_game_states_pickle() -> None:
    """A pickled game (the parts views keep are made again) shows the same views and
    plays on to the same game."""
    import pickle

    from auctionrules.engine import dumps

    game = Game.new(ruleset("hig-1992-en"), players=4, seed=6)
    agents = [RandomAgent(s) for s in range(4)]
    for _ in range(70):
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    view = game.view(2)
    assert pickle.loads(pickle.dumps(view)) == view
    again = pickle.loads(pickle.dumps(game))
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    twin = game.clone()
    for other in (again, twin):
        other.playout([RandomAgent(s) for s in range(4)])
    assert dumps(again.record()) == dumps(twin.record())


@pytest.mark.parametrize(
    ("variant", "players"),
    [("hig-1992-en", 4), ("hig-1992-en", 3), ("taiwan", 5), ("boardpia-modern", 2),
     ("boardpia-renaissance", 3), ("cmon-2017", 4), ("hig-1992-fr+mystery-hand", 3)],
)
def test_views_made_from_kept_parts_are_the_views_made_afresh(variant: str, players: int) -> None:
    """A view is made from parts the game keeps between decisions (some kept across a
    bid, a card laid or a sale); at every decision of seeded games, in the step loop
    and in a playout where one seat reads its view, the acting seat's view and the
    spectator's equal those of a copy of the game that keeps nothing (dummy hands
    included: the mystery hand's cards turned over)."""
    name, *modules = variant.split("+")
    rs = with_modules(name, *modules) if modules else ruleset(name)

    def check(game: Game, seat: int, view: View) -> None:
        spectator = game.view(None) if len(game.log) % 7 == 0 else None
        fresh = game.clone()
        fresh._view_kept = None
        assert tuple(fresh.view(seat)) == tuple(view)
        if spectator is not None:
            assert tuple(fresh.view(None)) == tuple(spectator)

    class Checker(RandomAgent):
        """Checks each view it is handed against one made afresh (a test may hold
        the game; an agent never does)."""

        __slots__ = ("game",)

        def act(self, state: object, legal: object) -> Action:
            check(self.game, state.seat, state)  # type: ignore[attr-defined]
            return super().act(state, legal)  # type: ignore[arg-type]

    for seed in range(3):
        game = Game.new(rs, players=players, seed=seed)
        agents = [RandomAgent(seat) for seat in range(players)]
        while not game.is_over:
            seat = game.to_act()[0]
            view = game.view(seat)
            check(game, seat, view)
            game.apply(agents[seat].act(view, game.legal(seat)), seat)
        check(game, 0, game.view(0))
        game = Game.new(rs, players=players, seed=seed)
        checker = Checker(seed)
        checker.game = game
        game.playout([checker, *(RandomAgent(seat) for seat in range(1, players))])
