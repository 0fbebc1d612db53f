"""``scoring.worth_now``: what a painting of each artist would pay if the round ended now
(the web table's "worth now"), checked against what the round's end did pay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from auctionrules.engine import Game
from auctionrules.engine.scoring import worth_now
from auctionrules.loader import load_ruleset


def _walk(variant: str, seed: int) -> Game:
    """A game of random legal moves (the first seat asked acts), to the end."""
    game = Game.new(load_ruleset(variant), players=4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        actions = [str(a) for a in legal.actions]
        if legal.bid and rng.random() < 0.5:
            actions.append(f"bid {legal.bid[0]}")
        if legal.price:
            actions.append(f"price {legal.price[0]}")
        game.apply(rng.choice(actions), seat)
    return game


VALID = Path(__file__).parents[1] / "loader" / "valid"


@pytest.mark.parametrize("variant", [
    "hig-1992-en", "cmon-2017",
    str(VALID / "house-rules.yaml"),   # scoring.valuation: cumulative-always
    str(VALID / "every-option.yaml"),  # scoring.valuation: this-round, and more
])
@pytest.mark.parametrize("seed", [1, 2])
def test_worth_now_is_what_the_round_end_pays(variant: str, seed: int) -> None:
    """At each round's end, "worth now" over the round's laid cards equals the values
    the engine's scoring placed (``scored`` event), so the board never shows another
    reckoning than the one that pays."""
    game = _walk(variant, seed)
    rules = game.rules
    ids = [a.id for a in rules.ruleset.theme.artists]
    board: list[list[int]] = []
    ends = [e for e in game.events if e.kind in ("round-end", "scored")]
    assert len(ends) >= 2
    for end, scored in zip(ends[::2], ends[1::2], strict=True):
        counts = [end["counts"][a] for a in ids]
        worth = worth_now(counts=counts, board=board, round_index=len(board),
                          ranking=rules.ranking, rank_unplayed=rules.rank_unplayed,
                          tie_break=rules.ranking_tie_break, valuation=rules.valuation)
        assert list(worth) == [scored["values"][a] for a in ids]
        board.append([scored["added"][a] for a in ids])
