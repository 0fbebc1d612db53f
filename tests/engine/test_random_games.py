"""Random simulation over every bundled variant and player count, invariants checked
after every action (money and cards conserved, no negative cash, no bid above cash)."""

from __future__ import annotations

import pytest

from auctionrules.engine import Reason, play_game

from .conftest import VARIANTS, ruleset, with_modules

CASES = [(v, p) for v in VARIANTS for p in ruleset(v).supported_players]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_random_games_keep_invariants(variant: str, players: int) -> None:
    rs = ruleset(variant)
    for seed in range(4):
        game = play_game(rs, players, seed, check=True)
        assert game.is_over
        assert game.outcome is not None
        assert game.outcome.reason in (Reason.ROUNDS_COMPLETE, Reason.HANDS_EXHAUSTED)
        assert game.check_invariants() == []
        assert game.to_act() == ()


@pytest.mark.parametrize("variant", ["hig-1992-en", "hig-1992-fr", "taiwan", "boardpia-modern"])
def test_mystery_hand_games_keep_invariants(variant: str) -> None:
    """The optional 3-player mystery hand (001/004/000/002 variant sections)."""
    rs = with_modules(variant, "mystery-hand")
    flips = 0
    for seed in range(4):
        game = play_game(rs, 3, seed, check=True)
        flips += sum(e.kind == "flip" for e in game.events)
    assert flips > 0


def test_every_auction_type_and_double_happen() -> None:
    kinds: set[str] = set()
    for seed in range(3):
        game = play_game(ruleset("hig-1992-en"), 4, seed)
        kinds.update(e.kind for e in game.events)
    assert {"play", "add", "bid", "price", "buy", "reveal", "sold", "round-end", "scored",
            "game-end"} <= kinds
