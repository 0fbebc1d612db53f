"""Property tests: any text applied at any point either works or is refused with the
state exactly unchanged; seeded games are deterministic."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from auctionrules.engine import EngineError, Game, RandomAgent, dumps, play_game

from .conftest import ruleset

WORDS = ["play", "add", "bid", "price", "buy", "flip", "pass", "sell", ""]
CARDS = ["lite-metal/double", "krypto/open", "yoko/sealed", "karl-gitter/fixed_price",
         "christin-p/once_around", "nobody/open", "krypto/triple"]
ARGS = st.one_of(st.sampled_from(CARDS), st.integers(-5, 200000).map(str), st.just(""))
TEXT = st.builds(lambda w, a: f"{w} {a}".strip(), st.sampled_from(WORDS), ARGS)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120),
       texts=st.lists(TEXT, min_size=1, max_size=8), seat=st.integers(-1, 4))
def test_any_text_is_applied_or_refused_cleanly(
    seed: int, steps: int, texts: list[str], seat: int
) -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.is_over:
            break
        s = game.to_act()[0]
        game.apply(agent.act(game, game.legal(s)), s)
    for text in texts:
        before = game.snapshot()
        try:
            game.apply(text, None if seat < 0 else seat)
        except EngineError:
            assert game.snapshot() == before
        else:
            assert game.check_invariants() == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_seeded_games_are_deterministic(seed: int, players: int) -> None:
    rs = ruleset("taiwan")
    assert dumps(play_game(rs, players, seed).record()) == dumps(
        play_game(rs, players, seed).record()
    )
