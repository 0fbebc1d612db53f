"""The five auction types and the options of each (rules common to all editions, and
the options of schemas/ruleset.schema.json), one scenario each."""

from __future__ import annotations

from pathlib import Path

import pytest

from auctionrules.engine import Game, IllegalActionError, Reason
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

from .conftest import ruleset
from .helpers import kinds, last, run

HANDS = [["yoko/fixed_price", "krypto/open"], ["yoko/open"], ["krypto/sealed"]]


def _variant(tmp_path: Path, body: str) -> Ruleset:
    path = tmp_path / "v.yaml"
    path.write_text(f"id: v\ntitle: v\nextends: hig-1992-en\n{body}", encoding="utf-8")
    return load_ruleset(path)


def test_001_fixed_price_nobody_buys_auctioneer_pays_bank() -> None:
    """001 "Preis Ansagen": "If all players decline then the Auctioneer must buy the card
    at the price they have set" (an auctioneer who buys pays the bank)."""
    game = Game.from_position(ruleset("hig-1992-en"), 3, hands=HANDS)
    run(game, [(0, "play yoko/fixed_price"), (0, "price 14000"), (1, "pass"), (2, "pass")])
    assert list(game.cash) == [86000, 100000, 100000]
    assert game.bank_in == 14000
    assert last(game.events, "sold")["seat"] == 0


def test_001_fixed_price_not_above_own_cash() -> None:
    """001: "the auctioneer may not set a price higher than their cash holding"."""
    game = Game.from_position(ruleset("hig-1992-en"), 3, hands=HANDS, cash=[20000, 5000, 0])
    run(game, [(0, "play yoko/fixed_price")])
    assert game.legal(0).price == (1000, 20000, 1000)
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="from 1000 to 20000"):
        game.apply("price 21000", 0)
    assert game.snapshot() == before
    run(game, [(0, "price 6000")])
    assert [str(a) for a in game.legal(1)] == ["pass"]  # seat 1 cannot pay 6,000
    run(game, [(1, "pass"), (2, "pass")])
    assert list(game.cash) == [14000, 5000, 0]


def test_broke_auctioneer_offers_at_zero() -> None:
    """Edge no book settles (rulebooks/README.md): a fixed-price auctioneer without money
    may only offer the lot for nothing (``broke_auctioneer: offer-at-zero``)."""
    game = Game.from_position(ruleset("hig-1992-en"), 3, hands=HANDS, cash=[0, 5000, 0])
    run(game, [(0, "play yoko/fixed_price")])
    assert game.legal(0).price == (0, 0, 1000)
    run(game, [(0, "price 0"), (1, "buy")])
    assert last(game.events, "sold")["seat"] == 1
    assert list(game.cash) == [0, 5000, 0]


def test_broke_auctioneer_keeps(tmp_path: Path) -> None:
    rs = _variant(tmp_path, "auctions: {fixed_price: {broke_auctioneer: auctioneer-keeps}}\n")
    game = Game.from_position(rs, 3, hands=HANDS, cash=[0, 5000, 0])
    events = run(game, [(0, "play yoko/fixed_price")])
    assert last(events, "sold")["free"] is True
    assert game.to_act() == (1,)


def test_001_once_around_auctioneer_last_each_bid_higher() -> None:
    """001 "Einmal reihum": from the auctioneer's left, one bid each, auctioneer last."""
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/once_around", "krypto/open"], ["yoko/open"], []])
    run(game, [(0, "play yoko/once_around"), (1, "bid 8000")])
    assert game.to_act() == (2,)
    assert game.legal(2).bid is not None and game.legal(2).bid[0] == 9000
    with pytest.raises(IllegalActionError):
        game.apply("bid 8000", 2)
    run(game, [(2, "pass"), (0, "bid 9000")])
    assert game.lot is None and game.bank_in == 9000


def test_pass_is_final_open_auction(tmp_path: Path) -> None:
    """``auctions.open.ending: pass-is-final``: a pass drops the player out."""
    rs = _variant(tmp_path, "auctions: {open: {ending: pass-is-final}}\n")
    game = Game.from_position(rs, 3, hands=[["yoko/open", "krypto/open"], ["yoko/sealed"], []])
    run(game, [(0, "play yoko/open"), (1, "pass"), (2, "bid 3000"), (0, "bid 4000")])
    # seat 1 passed: it is out; seat 2 is asked next
    assert game.to_act() == (2,)
    run(game, [(2, "pass")])
    assert last(game.events, "sold")["seat"] == 0


def test_full_round_of_passes_lets_a_passer_come_back() -> None:
    """The default ending (001 notes): a pass is not final; the auction ends when all
    but the high bidder have passed since the last bid."""
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/open", "krypto/open"], ["yoko/sealed"], []])
    run(game, [(0, "play yoko/open"), (1, "pass"), (2, "bid 3000"), (0, "bid 4000"),
               (1, "bid 5000"), (2, "pass"), (0, "pass")])
    assert last(game.events, "sold")["seat"] == 1


def test_no_bid_unsold(tmp_path: Path) -> None:
    rs = _variant(tmp_path, "no_bid: unsold\n")
    game = Game.from_position(rs, 3, hands=[["yoko/sealed", "krypto/open"], ["yoko/open"], []])
    events = run(game, [(0, "play yoko/sealed"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert "unsold" in kinds(events)
    assert game.counts[1] == 1 and not any(game.owned)


def test_001_no_bids_auctioneer_takes_free() -> None:
    """001 "No Bids at Auction": the auctioneer takes the card without payment."""
    game = Game.from_position(ruleset("hig-1992-en"), 3,
                              hands=[["yoko/sealed", "krypto/open"], ["yoko/open"], []])
    run(game, [(0, "play yoko/sealed"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert last(game.events, "sold")["free"] is True
    assert list(game.cash) == [100000] * 3


def test_hands_exhausted_next_round(tmp_path: Path) -> None:
    rs = _variant(tmp_path, "round_end: {hands_exhausted: {then: next-round}}\n")
    game = Game.from_position(rs, 3, hands=[["yoko/open"], [], []])
    run(game, [(0, "play yoko/open")])
    assert not game.is_over
    assert game.round_number == 2
    assert [len(h) for h in game.hands] == [6, 6, 6]


def test_winner_ties(tmp_path: Path) -> None:
    rs = _variant(tmp_path, "winner: {ties: none}\n")
    for variant, winners in ((rs, ()), (ruleset("hig-1992-en"), (0, 1, 2))):
        game = Game.from_position(variant, 3, hands=[["yoko/open"], [], []], round=4)
        run(game, [(0, "play yoko/open")])
        assert game.outcome is not None
        assert game.outcome.reason is Reason.HANDS_EXHAUSTED
        assert game.outcome.winners == winners
