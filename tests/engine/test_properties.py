"""Property tests: any text applied at any point either works or is refused with the
state exactly unchanged; seeded games are deterministic."""

from __future__ import annotations

import os
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from auctionrules.engine import EngineError, Game, RandomAgent, dumps, play_game

from .conftest import ruleset

WORDS = ["play", "add", "bid", "limit", "price", "buy", "flip", "pass", "sell", ""]
CARDS = ["lite-metal/double", "krypto/open", "yoko/sealed", "karl-gitter/fixed_price",
         "christin-p/once_around", "nobody/open", "krypto/triple"]
ARGS = st.one_of(st.sampled_from(CARDS), st.integers(-5, 200000).map(str), st.just(""))
JUNK = st.builds(lambda w, a: f"{w} {a}".strip(), st.sampled_from(WORDS), ARGS)


def near_legal(game: Game, data: st.DataObject) -> tuple[str, int | None]:
    """A text close to what a player may do now: a listed action, or an amount near a
    legal range (its edges, one step outside, anywhere inside), by a seat to act or
    another one. Most are legal; the rest are the refusals that sit next to them."""
    seat = data.draw(st.sampled_from(game.to_act()))
    legal = game.legal(seat)
    options = [str(action) for action in legal.actions]
    for word, span in (("bid", legal.bid), ("price", legal.price), ("limit", legal.limit)):
        if span is not None:
            low, high, step = span
            options += [f"{word} {low}", f"{word} {high}",
                        f"{word} {low + step * ((high - low) // step // 2)}",
                        f"{word} {high + step}", f"{word} {low - 1}"]
    text = data.draw(st.sampled_from(options))
    other = data.draw(st.sampled_from([seat, seat, seat, None, (seat + 1) % game.state.n]))
    return text, other


def test_any_text_is_applied_or_refused_cleanly() -> None:
    """Drawn texts are mostly near the legal moves, so that accepted actions (and the
    invariants after them) are exercised as much as refusals; a test that only ever
    saw refusals would not notice an applied action corrupting the state."""
    tally: Counter[str] = Counter()

    @settings(max_examples=60, deadline=None,
              derandomize=os.environ.get("AUCTIONRULES_RANDOM") is None)
    @given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), data=st.data())
    def attempts(seed: int, steps: int, data: st.DataObject) -> None:
        game = Game.new(ruleset("hig-1992-en"), players=4, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(steps):
            if game.is_over:
                break
            s = game.to_act()[0]
            game.apply(agent.act(game.view(s), game.legal(s)), s)
        for _ in range(data.draw(st.integers(1, 8))):
            if game.is_over or data.draw(st.integers(0, 3)) == 3:
                text = data.draw(JUNK)
                seat = data.draw(st.integers(-1, 4))
                target = None if seat < 0 else seat
            else:
                text, target = near_legal(game, data)
            before = game.snapshot()
            tally["tried"] += 1
            try:
                game.apply(text, target)
            except EngineError:
                assert game.snapshot() == before
            else:
                tally["applied"] += 1
                assert game.check_invariants() == []

    attempts()
    assert tally["applied"] >= tally["tried"] // 4, tally


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_seeded_games_are_deterministic(seed: int, players: int) -> None:
    rs = ruleset("taiwan")
    assert dumps(play_game(rs, players, seed).record()) == dumps(
        play_game(rs, players, seed).record()
    )
