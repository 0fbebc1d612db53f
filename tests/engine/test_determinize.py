"""Determinization: a game re-sampled from one seat's view shows that seat the same
view, is a legal position that plays on to the end, and varies what the seat cannot
see, over every bundled variant, module and player count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionrules.engine import EngineError, Game, Legal, RandomAgent, determinize
from auctionrules.engine.actions import PASS, Action, Bid
from auctionrules.model import Ruleset

from .conftest import VARIANTS, ruleset, with_modules
from .helpers import run


def _configurations() -> list[tuple[str, Ruleset, int]]:
    out = []
    for variant in VARIANTS:
        rulesets = [(variant, ruleset(variant))]
        rulesets += [(f"{variant}+{m}", with_modules(variant, m))
                     for m in ruleset(variant).optional_modules]
        out += [(name, rs, n) for name, rs in rulesets for n in rs.supported_players]
    return out


CONFIGURATIONS = _configurations()


def _mid_game(rs: Ruleset, players: int, seed: int, steps: int) -> Game:
    game = Game.new(rs, players, seed=seed)
    agents = [RandomAgent(f"{seed}/{s}") for s in range(players)]
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    return game


def _play_out_checked(game: Game, seed: int) -> None:
    """Play to the end through the checked API; every seat to act has a legal move."""
    agents = [RandomAgent(f"rest/{seed}/{s}") for s in range(game.state.n)]
    for _ in range(5000):
        if game.is_over:
            return
        seat = game.to_act()[0]
        legal = game.legal(seat)
        assert legal, f"seat {seat} has no legal action"
        game.apply(agents[seat].act(game.view(seat), legal), seat)
    raise AssertionError("the game did not end")


@settings(max_examples=80, deadline=None)
@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 10**6),
       steps=st.integers(0, 250), who=st.integers(0, 5), sample=st.integers(0, 10**6),
       from_game=st.booleans())
def test_a_determinized_game_shows_the_seat_the_same_view_and_plays_on(  # noqa: PLR0917
    config: tuple[str, Ruleset, int], seed: int, steps: int, who: int, sample: int,
    from_game: bool,
) -> None:
    _, rs, players = config
    game = _mid_game(rs, players, seed, steps)
    seat = who % players
    view = game.view(seat)
    before = game.snapshot()
    twin = game.determinize(seat, sample) if from_game else determinize(view, sample)
    assert game.snapshot() == before  # the original is untouched
    assert twin.view(seat) == view
    assert sorted(twin.state.hands[seat]) == sorted(game.state.hands[seat])
    assert twin.check_invariants() == []
    _play_out_checked(twin, sample)
    assert twin.check_invariants() == []


@pytest.mark.parametrize("variant", ["hig-1992-en", "boardpia-modern"])
def test_over_many_seeds_the_hidden_cards_vary(variant: str) -> None:
    rs = ruleset(variant)
    players = rs.supported_players[0]
    game = _mid_game(rs, players, seed=4, steps=12)
    view = game.view(0)
    others = {tuple(tuple(sorted(h)) for h in determinize(view, s).state.hands[1:])
              for s in range(20)}
    decks = {tuple(determinize(view, s).state.deck) for s in range(20)}
    assert len(others) > 10
    assert len(decks) > 10


def test_dummy_hands_are_re_sampled() -> None:
    rs = with_modules("hig-1992-en", "mystery-hand")
    game = _mid_game(rs, 3, seed=2, steps=5)
    assert game.rules.dummies == 1
    dummies = {tuple(game.determinize(1, s).state.hands[3]) for s in range(10)}
    assert len(dummies) > 5
    assert all(len(d) == len(game.state.hands[3]) for d in dummies)


def test_unrevealed_sealed_bids_are_re_sampled_and_the_own_bid_kept() -> None:
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/sealed", "krypto/open"], ["krypto/sealed"], []])
    run(game, [(0, "play yoko/sealed"), (1, "bid 23000"), (2, "bid 5000")])
    bids = set()
    for s in range(30):
        twin = game.determinize(2, s)
        assert twin.view(2) == game.view(2)
        assert twin.state.lot is not None
        assert twin.state.lot.sealed[2] == 5000
        assert twin.state.lot.sealed[0] is None
        bids.add(twin.state.lot.sealed[1])
    assert len(bids) > 5  # 23000 is hidden from seat 2: any bid, or an empty fist
    assert 0 in bids


def test_a_sealed_model_bids_for_the_others_once_the_hands_are_dealt() -> None:
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/sealed", "krypto/open"], ["krypto/sealed"], []])
    run(game, [(0, "play yoko/sealed"), (1, "bid 23000"), (2, "bid 5000")])
    asked: list[tuple[int, tuple[int, int, int] | None, int]] = []

    def model(twin: Game, legal: Legal) -> Action:
        asked.append((legal.seat, legal.bid, len(twin.state.hands[legal.seat])))
        return Bid(7000) if legal.seat == 1 else PASS

    twin = determinize(game.view(2), 3, sealed=model)
    assert twin.view(2) == game.view(2)
    assert twin.state.lot is not None and twin.state.lot.sealed == [None, 7000, 5000]
    assert asked == [(1, (1000, 100000, 1000), 1)]  # seat 1's range, its hand dealt


def test_hidden_cash_is_estimated_from_the_view_or_taken_when_known() -> None:
    game = _mid_game(ruleset("hig-1992-en"), 4, seed=8, steps=80)
    view = game.view(1)
    assert view.cash.count(None) == 3  # behind screens
    estimated = determinize(view, 0)
    assert estimated.view(1) == view
    assert all(c >= estimated.state.cash[1] for c in estimated.state.cash)
    known = determinize(view, 0, cash=game.state.cash)
    assert known.state.cash == game.state.cash
    with pytest.raises(EngineError, match="contradicts"):
        determinize(view, 0, cash=[1, 2, 3, 4])


def test_a_spectator_view_and_the_record_are_refused() -> None:
    game = _mid_game(ruleset("hig-1992-en"), 3, seed=1, steps=10)
    with pytest.raises(EngineError, match="spectator"):
        determinize(game.view(None), 0)
    with pytest.raises(EngineError, match="no record"):
        game.determinize(0, 0).record()
