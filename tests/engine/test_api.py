"""The Game API: determinism, checked actions that leave the state unchanged, errors."""

from __future__ import annotations

import pickle

import pytest

from auctionrules.engine import (
    Action,
    Bid,
    Game,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    Pass,
    RandomAgent,
    RulesError,
    compile_rules,
    dumps,
    play_game,
)
from auctionrules.model import Ruleset

from .conftest import ruleset


def test_same_seed_same_record(hig: Ruleset) -> None:
    a = dumps(play_game(hig, 4, 11).record())
    b = dumps(play_game(hig, 4, 11).record())
    c = dumps(play_game(hig, 4, 12).record())
    assert a == b
    assert a != c


def test_unsupported_player_count(hig: Ruleset) -> None:
    with pytest.raises(RulesError, match="does not support 7 players"):
        compile_rules(hig, 7)


def test_illegal_actions_leave_the_state_unchanged(hig: Ruleset) -> None:
    game = Game.new(hig, players=4, seed=5)
    agent = RandomAgent(1)
    tried = 0
    while not game.is_over and tried < 400:
        seat = game.to_act()[0]
        before = game.snapshot()
        legal = game.legal(seat)
        for bad in ("bid 999999999", "play nobody/open", "buy", "flip", "add krypto/double",
                    "price 0", "play krypto/open", "frobnicate", "", "bid -5", "pass 3"):
            try:
                if Action.parse(bad) in legal:
                    continue
            except MalformedActionError:
                pass
            with pytest.raises((IllegalActionError, MalformedActionError)):
                game.apply(bad, seat)
        other = (seat + 1) % 4
        if other not in game.to_act():
            with pytest.raises(IllegalActionError, match="not seat"):
                game.apply("pass", other)
        assert game.snapshot() == before
        game.apply(agent.act(game, game.legal(seat)), seat)
        tried += 1


def test_game_over_error(hig: Ruleset) -> None:
    game = play_game(hig, 3, 1)
    before = game.snapshot()
    with pytest.raises(GameOverError):
        game.apply("pass")
    assert game.snapshot() == before


def test_legal_is_a_range_not_a_list(hig: Ruleset) -> None:
    game = Game.new(hig, players=4, seed=2)
    game.apply(game.legal(0).actions[0])
    # drive until someone may bid
    agent = RandomAgent(3)
    while True:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        if legal.bid is not None:
            lo, hi, step = legal.bid
            assert step == 1000
            assert Bid(lo) in legal
            assert Bid(hi) in legal
            assert Bid(hi + step) not in legal
            assert Bid(lo + 1) not in legal
            assert Pass() in legal
            assert len(legal.actions) < 10
            break
        game.apply(agent.act(game, legal), seat)


def test_action_text_parses_back() -> None:
    for text in ("play lite-metal/double", "add krypto/open", "bid 19000", "price 14000",
                 "buy", "flip", "pass"):
        assert str(Action.parse(text)) == text


def test_ruleset_supports_players() -> None:
    assert ruleset("boardpia-modern").supported_players == (2, 3, 4, 5)


def test_clone_is_independent(hig: Ruleset) -> None:
    game = Game.new(hig, players=4, seed=3)
    game.apply(game.legal(0).actions[0], 0)
    before = game.snapshot()
    twin = game.clone()
    assert twin.snapshot() == before
    assert twin.rules is game.rules
    agent = RandomAgent(2)
    for _ in range(30):
        seat = twin.to_act()[0]
        twin.apply(agent.act(twin, twin.legal(seat)), seat)
    assert game.snapshot() == before
    assert twin.snapshot() != before
    restored = pickle.loads(pickle.dumps(twin))
    assert restored.snapshot() == twin.snapshot()
    assert restored.events == twin.events


def test_the_bank_is_a_named_recipient(hig: Ruleset) -> None:
    """A seller who buys their own lot pays the bank: recipient ``BANK``."""
    from auctionrules.engine import BANK

    game = Game.from_position(hig, 3, hands=[["yoko/open", "krypto/open"], [], []])
    events = game.apply("play yoko/open", 0)
    assert events == game.events[-1:]
    for seat, action in [(1, "pass"), (2, "pass"), (0, "bid 5000"), (1, "pass"), (2, "pass")]:
        if game.to_act() == (seat,):
            game.apply(action, seat)
    sold = next(e for e in game.events if e.kind == "sold")
    assert BANK == -1 and sold["payments"] == [[BANK, 5000]]


def test_cash_is_not_a_mutable_list(hig: Ruleset) -> None:
    game = Game.new(hig, 3, seed=1)
    assert game.state.cash == (100000,) * 3
    with pytest.raises(TypeError):
        game.state.cash[0] = 10**9  # type: ignore[index]


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"deck": ["krypto/open"] * 20}, "20 cards krypto/open"),
        ({"hands": [["krypto/open"] * 3, ["krypto/open"], ["krypto/open"]]}, "5 cards krypto/open"),
        ({"played": ["krypto/open", "krypto/sealed", "krypto/double", "krypto/fixed_price",
                     "krypto/once_around"]}, "5 cards of krypto already laid"),
    ],
)
def test_from_position_refuses_positions_that_cannot_arise(
    hig: Ruleset, position: dict[str, object], message: str
) -> None:
    """Krypto has 4 open cards in 001 and a round ends at its 5th card."""
    args: dict[str, object] = {"hands": [[], [], []], **position}
    with pytest.raises(RulesError, match=message):
        Game.from_position(hig, 3, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize("read_first", [False, True])
def test_events_of_some_kinds_are_those_of_the_whole_log(hig: Ruleset, read_first: bool) -> None:
    """``events_of`` gives the very events of :attr:`Game.events` of those kinds, in
    order, whether or not the whole log was built before."""
    game = play_game(hig, 4, 5)
    if read_first:
        everything = game.events
    kinds = ("play", "sold", "scored", "round-end")
    some = game.events_of(*kinds)
    if not read_first:
        everything = game.events
    assert some == tuple(e for e in everything if e.kind in kinds)
    assert {e.kind for e in some} == set(kinds)
    assert game.events_of() == ()
