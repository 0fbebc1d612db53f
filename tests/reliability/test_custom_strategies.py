"""Custom strategies on every axis: the engine holds its invariants with rules it
has never seen.

A strategy registered from Python may choose anything its contract allows. These
"fuzz" strategies choose pseudo-randomly, as pure functions of what they are
given (so a game stays reproducible): an open auction that asks anyone in any
order, a double's price split three ways with the bank, a random no-bid taker,
scrambled tie-breaks, an odd valuation, a random next starter, random dummy
flips. A variant naming all of them is played at every player count with every
invariant checked after every action, through the fast path and the checked
loop (which must agree), and its records must replay.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from auctionrules.engine import Game, compile_rules, dumps, play_game, replay
from auctionrules.engine.agents import default_agents
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.policies import (
    BANK,
    FlipWhen,
    NoBid,
    OpenEnding,
    Payee,
    RankingTieBreak,
    SealedTieBreak,
    Starter,
    Valuation,
)
from auctionrules.engine.registry import register, unregister
from auctionrules.engine.rules import Rules
from auctionrules.loader import load_ruleset


def _mix(*values: int) -> int:
    """A deterministic pseudo-random number from ``values`` (not ``hash``: stable)."""
    h = 0x345678
    for value in values:
        h = ((h * 1000003) ^ (value & 0xFFFFFFFF)) & 0xFFFFFFFF
    return h


def _other(seat: int, n: int, *salt: int) -> int:
    """A seat other than ``seat``."""
    return (seat + 1 + _mix(seat, *salt) % (n - 1)) % n


class AnyOrder(OpenEnding):
    """Asks anyone but the last speaker next; over after ``n`` passes in a row, and
    sometimes before anyone is asked."""

    def first(self, lot: Lot) -> int | None:
        lot.passes = 0
        if _mix(lot.leader, lot.cards[0], 7) % 9 == 0:
            return None
        return _other(lot.auctioneer, lot.n, lot.cards[0])

    def after_bid(self, lot: Lot, seat: int) -> int | None:
        lot.passes = 0
        return _other(seat, lot.n, lot.high, len(lot.bids))

    def after_pass(self, lot: Lot, seat: int) -> int | None:
        lot.passes += 1
        if lot.passes >= lot.n:
            return None
        return _other(seat, lot.n, lot.passes, lot.high)


class Rotated(SealedTieBreak):
    """Ties go round the table from a seat that depends on the auctioneer."""

    def order(self, auctioneer: int, n: int) -> tuple[int, ...]:
        start = _mix(auctioneer, n) % n
        return tuple((start + k) % n for k in range(n))


class ThreeWays(Payee):
    """The price is split between the leader, the adder and the bank, any way."""

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        first = _mix(price, lot.leader) % (price + 1)
        second = _mix(price, lot.adder) % (price - first + 1)
        shares = ((lot.leader, first), (lot.adder, second), (BANK, price - first - second))
        return tuple(share for share in shares if share[1])


class Someone(NoBid):
    """Nobody bid: anyone takes the lot free, or it stays unsold."""

    def taker(self, lot: Lot) -> int:
        pick = _mix(lot.auctioneer, lot.cards[0], len(lot.cards)) % (lot.n + 1)
        return NOBODY if pick == lot.n else pick


class ScrambledTies(RankingTieBreak):
    """Most cards first, ties in a scrambled order."""

    def rank(self, counts: Sequence[int]) -> list[int]:
        return sorted(range(len(counts)), key=lambda a: (-counts[a], _mix(a, sum(counts))))


class DoubleLast(Valuation):
    """This round's value counts twice, the earlier rounds once."""

    def value(self, board: Sequence[Sequence[int]], round_index: int, artist: int) -> int:
        return board[round_index][artist] + sum(row[artist] for row in board[: round_index + 1])


class AnyStarter(Starter):
    """Anyone may start the next round."""

    def starter(self, last_card_player: int, last_auctioneer: int, n: int) -> int:
        return _mix(last_card_player, last_auctioneer) % n


class SometimesFlip(FlipWhen):
    """After a lot: no flip, an automatic one, or the taker (else the auctioneer) decides."""

    def after_lot(self, lot: Lot, taker: int) -> tuple[int, bool] | None:
        roll = _mix(lot.auctioneer, taker, lot.cards[0]) % 3
        if roll == 0:
            return None
        return (taker if taker != NOBODY else lot.auctioneer), roll == 1


STRATEGIES = {
    "auctions.open.ending": ("fuzz.any-order", AnyOrder),
    "auctions.sealed.tie_break": ("fuzz.rotated", Rotated),
    "auctions.double.payee": ("fuzz.three-ways", ThreeWays),
    "no_bid": ("fuzz.someone", Someone),
    "scoring.tie_break": ("fuzz.scrambled-ties", ScrambledTies),
    "scoring.valuation": ("fuzz.double-last", DoubleLast),
    "next_round.starter": ("fuzz.any-starter", AnyStarter),
    "player_counts.N.dummy_hands.flip.when": ("fuzz.sometimes", SometimesFlip),
}

VARIANT = """\
id: fuzz-strategies
title: Every axis a custom strategy
extends: hig-1992-en
modules: [mystery-hand]
auctions:
  open: {ending: fuzz.any-order}
  sealed: {tie_break: fuzz.rotated}
  double: {payee: fuzz.three-ways}
no_bid: fuzz.someone
scoring: {tie_break: fuzz.scrambled-ties, valuation: fuzz.double-last}
next_round: {starter: fuzz.any-starter}
player_counts:
  "3": {dummy_hands: {flip: {when: fuzz.sometimes}}}
"""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, Rules]]:
    for axis, (name, cls) in STRATEGIES.items():
        register(axis, name, cls)
    try:
        path: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.yaml"
        path.write_text(VARIANT, encoding="utf-8")
        ruleset = load_ruleset(path)
        yield {n: compile_rules(ruleset, n) for n in ruleset.supported_players}
    finally:
        for axis, (name, _) in STRATEGIES.items():
            unregister(axis, name)


def test_every_axis_is_a_custom_strategy(fuzzed: dict[int, Rules]) -> None:
    rules = fuzzed[3]
    for strategy in (rules.open_ending, rules.sealed_tie_break, rules.payee, rules.no_bid,
                     rules.ranking_tie_break, rules.valuation, rules.starter, rules.flip_when):
        assert type(strategy) in {cls for _, cls in STRATEGIES.values()}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_invariants_hold_after_every_action(fuzzed: dict[int, Rules], players: int) -> None:
    kinds: set[str] = set()
    for seed in range(40):
        game = play_game(fuzzed[players], seed=seed, check=True)  # raises on a violation
        assert game.is_over
        kinds.update(event.kind for event in game.events)
    # the strategies were exercised: free and unsold lots, flips (3 players)
    assert {"sold", "unsold", "scored"} <= kinds
    if players == 3:
        assert "flip" in kinds


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fast_path_and_records_agree(fuzzed: dict[int, Rules], players: int) -> None:
    for seed in range(12):
        fast = play_game(fuzzed[players], seed=seed)
        plain = Game.new(rules=fuzzed[players], seed=seed)
        agents = default_agents(players, seed)
        while not plain.is_over:
            seat = plain.to_act()[0]
            plain.apply(agents[seat].act(plain, plain.legal(seat)), seat)
        assert dumps(fast.record()) == dumps(plain.record())
        assert fast.events == plain.events
        again = replay(fast.record())
        assert again.outcome == fast.outcome
