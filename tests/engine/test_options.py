"""Every option value of the schema compiles and plays: random games with invariants
checked after every action, one small variant per value (extending hig-1992-en)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auctionrules.engine import Game, compile_rules, play_game
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

from .helpers import last, run

OPTIONS = [
    "auctions: {open: {ending: pass-is-final}}",
    "auctions: {once_around: {auctioneer_turn: first}}",
    "auctions: {sealed: {tie_break: auctioneer-last}}",
    "auctions: {fixed_price: {max_price: unlimited}}",
    "auctions: {fixed_price: {nobody_buys: auctioneer-takes-free}}",
    "auctions: {fixed_price: {broke_auctioneer: auctioneer-keeps}}",
    "auctions: {double: {who_may_add: leader-only}}",
    "auctions: {double: {auctioneer: leader}}",
    "auctions: {double: {payee: auctioneer}}",
    "auctions: {double: {payee: split-equally, split: {odd_unit_to: leader}}}",
    "auctions: {double: {payee: split-equally, split: {seller_wins: all-to-bank}}}",
    "auctions: {double: {lead_requires_companion: true}}",
    "auctions: {double: {nobody_adds: unsold}}",
    "no_bid: unsold",
    "round_end: {hands_exhausted: {last_card: sold}}",
    "round_end: {hands_exhausted: {then: next-round}}",
    "scoring: {tie_break: reverse-board-order}",
    "scoring: {rank_unplayed_artists: true}",
    "scoring: {valuation: this-round}",
    "next_round: {starter: left-of-last-auctioneer}",
    "winner: {ties: none}",
]
MYSTERY = [
    "player_counts: {'3': {dummy_hands: {hands: 1, flip: {by: winner}}}}",
    "player_counts: {'3': {dummy_hands: {hands: 1, flip: {card: random}}}}",
    "player_counts: {'3': {dummy_hands: {hands: 1, flip: {optional: false}}}}",
    "player_counts: {'3': {dummy_hands: {hands: 1, flip: {when: between-turns}}}}",
    "player_counts: {'3': {dummy_hands: {hands: 1}}}\nnext_round: {dummy_card_laid_by: "
    "last-auctioneer}",
]


def _variant(tmp_path: Path, body: str) -> Ruleset:
    path = tmp_path / "v.yaml"
    path.write_text(f"id: v\ntitle: v\nextends: hig-1992-en\n{body}\n", encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize("body", OPTIONS)
def test_option_plays(tmp_path: Path, body: str) -> None:
    rs = _variant(tmp_path, body)
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        game = play_game(rs, players, seed, check=True)
        assert game.is_over


@pytest.mark.parametrize("body", MYSTERY)
def test_dummy_option_plays(tmp_path: Path, body: str) -> None:
    rs = _variant(tmp_path, body)
    assert compile_rules(rs, 3).dummies == 1
    for seed in range(3):
        game = play_game(rs, 3, seed, check=True)
        assert any(e.kind == "flip" for e in game.events)


def test_rank_unplayed_artists(tmp_path: Path) -> None:
    """``scoring.rank_unplayed_artists``: with fewer than three artists on the table the
    places go on to unplayed artists in board order (off in 004: only those ranked)."""
    rs = _variant(tmp_path, "scoring: {rank_unplayed_artists: true}")
    game = Game.from_position(rs, 3, hands=[["krypto/open", "yoko/open"], [], []],
                              played=["krypto/sealed"] * 3 + ["krypto/once_around"])
    events = run(game, [(0, "play krypto/open")])
    assert last(events, "scored")["ranked"] == ["krypto", "lite-metal", "yoko"]


def test_valuation_this_round(tmp_path: Path) -> None:
    rs = _variant(tmp_path, "scoring: {valuation: this-round}")
    game = Game.from_position(rs, 3, round=2, board={"krypto": [30000]},
                              hands=[["krypto/open", "yoko/open"], [], []],
                              owned=[[], ["krypto/double"], []],
                              played=["krypto/sealed"] * 3)
    events = run(game, [(0, "play krypto/open")])
    assert last(events, "scored")["values"]["krypto"] == 30000  # not 60000
