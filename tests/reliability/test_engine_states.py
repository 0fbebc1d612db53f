"""Stateful property tests of the engine: random legal play, illegal attempts, invariants.

One Hypothesis ``RuleBasedStateMachine`` per bundled variant (and per variant
with its optional modules) and per supported player count. Its rules:

- ``legal_burst``: a burst of random legal actions, by any seat to act, with
  amounts drawn inside the legal ranges (edges included);
- ``illegal``: one action that must be refused (out of turn, no such seat, bid
  above cash / below the minimum / off the increment, fixed price above the
  auctioneer's cash, actions of the wrong phase, cards not in hand, malformed
  text and values, anything after the game is over): the right exception, a
  message, and the snapshot exactly as before.

After every action the :class:`rel_engine.Watcher` checks money, cards, rounds,
scoring and the engine's own ``check_invariants()``.

``AUCTIONRULES_STATEFUL_EXAMPLES`` (default 6) examples per configuration.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from rel_engine import Watcher, bundled, illegal_candidates, random_step, supported

EXAMPLES = int(os.environ.get("AUCTIONRULES_STATEFUL_EXAMPLES", "6"))
CONFIGURATIONS = supported()


def _legal(game: Any) -> Any:
    return game.legal(game.to_act()[0])


#: Moments of a game where refusals are worth trying, each a test on the game.
MOMENTS: dict[str, Any] = {
    "price": lambda g: _legal(g).price is not None,
    "bid": lambda g: _legal(g).bid is not None,
    "sealed": lambda g: len(g.to_act()) > 1,
    "add": lambda g: any(type(a).__name__ == "Add" for a in _legal(g).actions),
    "flip": lambda g: any(type(a).__name__ == "Flip" for a in _legal(g).actions),
}


def category(label: str) -> str:
    """The kind of an illegal attempt; the machine picks a kind first, then an attempt."""
    if "where no bid" in label:
        return "phase"
    for word in ("malformed", "odd", "not an action", "game over", "seat", "turn", "bid",
                 "price"):
        if word in label:
            return word
    return "phase"


def machine_for(
    variant: str, players: int, stats: Counter[str]
) -> type[RuleBasedStateMachine]:
    """A machine playing ``variant`` with ``players`` players; what it did is counted in
    ``stats`` (refusals by label, moments reached, games ended, actions)."""
    from auctionrules.engine import Action, Bid, Game, Price

    ruleset = bundled(variant)

    class GameMachine(RuleBasedStateMachine):
        """One game of ``variant`` with ``players`` players."""

        def __init__(self) -> None:
            super().__init__()

        @initialize(seed=st.integers(0, 2**32 - 1))
        def start(self, seed: int) -> None:
            self.game = Game.new(ruleset, players=players, seed=seed)
            self.watcher = Watcher(self.game)
            assert self.watcher.step() == []

        def _checked_step(self, rng: random.Random) -> None:
            """One random legal action, then every invariant."""
            seat, action = random_step(self.game, rng)
            stats["actions"] += 1
            if self.game.is_over:
                stats["games ended"] += 1
            problems = self.watcher.step()
            assert problems == [], f"after seat {seat}: {action}: {problems}"

        @precondition(lambda self: not self.game.is_over)
        @rule(seed=st.integers(0, 2**32 - 1), burst=st.integers(1, 60))
        def legal_burst(self, seed: int, burst: int) -> None:
            rng = random.Random(seed)
            game = self.game
            for _ in range(burst):
                if game.is_over:
                    break
                self._checked_step(rng)

        @precondition(lambda self: not self.game.is_over)
        @rule(seed=st.integers(0, 2**32 - 1), moment=st.sampled_from(sorted(MOMENTS)))
        def legal_until(self, seed: int, moment: str) -> None:
            """Random legal play up to a moment worth attacking (a price to name...),
            then every refusal of the list there: a moment reached is always attacked,
            so what the machines cover does not hang on which rule the search draws next."""
            rng = random.Random(seed)
            game = self.game
            for _ in range(400):
                if game.is_over or MOMENTS[moment](game):
                    break
                self._checked_step(rng)
            reached = game.is_over is False and MOMENTS[moment](game)
            stats[f"moment: {moment}"] += reached
            if reached:
                for candidate in illegal_candidates(game):
                    self.refuse(*candidate)

        @rule(group=st.integers(0, 2**16), pick=st.integers(0, 2**16))
        def illegal(self, group: int, pick: int) -> None:
            groups: dict[str, list[Any]] = {}
            for candidate in illegal_candidates(self.game):
                groups.setdefault(category(candidate[0]), []).append(candidate)
            candidates = groups[sorted(groups)[group % len(groups)]]
            self.refuse(*candidates[pick % len(candidates)])

        @rule()
        def every_illegal(self) -> None:
            """Every refusal of the list at this moment, one after the other."""
            for candidate in illegal_candidates(self.game):
                self.refuse(*candidate)

        def refuse(self, label: str, seat: Any, action: Any, expected: Any) -> None:
            game = self.game
            before = game.snapshot()
            events = len(game.events)
            try:
                game.apply(action, seat)
            except expected as exc:
                assert str(exc).strip(), f"{label}: empty message"
            except Exception as exc:
                raise AssertionError(
                    f"{label}: {action!r} by {seat} raised {type(exc).__name__}: {exc}, "
                    f"expected {expected}"
                ) from exc
            else:
                raise AssertionError(f"{label}: {action!r} by seat {seat} was accepted")
            assert game.snapshot() == before, f"{label}: the state changed"
            if isinstance(action, Action) and isinstance(seat, int) and 0 <= seat < players:
                assert action not in game.legal(seat), f"{label}: refused but listed legal"
            assert len(game.events) == events
            kind = label.partition(":")[0] if "game over" in label else label
            stats[f"refused: {kind}"] += 1

        @rule()
        def legal_actions_read_back(self) -> None:
            """Every listed action and range edge is ``in`` the legal set and parses back."""
            game = self.game
            for seat in game.to_act():
                legal = game.legal(seat)
                listed = list(legal.actions)
                for rng, make in ((legal.bid, Bid), (legal.price, Price)):
                    if rng is not None:
                        listed += [make(rng[0]), make(rng[1])]
                        assert (rng[1] - rng[0]) % rng[2] == 0
                for action in listed:
                    assert action in legal
                    assert Action.parse(str(action)) == action
            for seat in set(range(players)) - set(game.to_act()):
                assert not game.legal(seat)

        @invariant()
        def holds(self) -> None:
            if hasattr(self, "game"):
                assert self.game.check_invariants() == []

    GameMachine.__name__ = f"Game_{variant}_{players}".replace("-", "_").replace("+", "_")
    return GameMachine


def run_machine(variant: str, players: int, examples: int) -> Counter[str]:
    """Run the machine of ``variant`` with ``players`` players; what it did."""
    stats: Counter[str] = Counter()
    run_state_machine_as_test(
        machine_for(variant, players, stats),
        settings=settings(
            max_examples=examples,
            stateful_step_count=40,
            deadline=None,
            derandomize=os.environ.get("AUCTIONRULES_RANDOM") is None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
    return stats


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS)
def test_state_machine(variant: str, players: int) -> None:
    stats = run_machine(variant, players, EXAMPLES)
    assert stats["actions"] > 0
    assert stats["refused: out of turn: pass"] > 0


#: Configurations that together offer every kind of refusal: fixed prices capped by
#: the auctioneer's cash, sealed bids, doubles, a bid unit above 1 and dummy flips.
COVERAGE = (("hig-1992-en", 3), ("taiwan", 4), ("boardpia-modern", 2))


def test_state_machines_cover_the_illegal_kinds() -> None:
    """The machines reach game ends and try every important kind of refusal (else the
    refusal rules above could stop generating them and the suite would not notice)."""
    stats: Counter[str] = Counter()
    for variant, players in COVERAGE:
        stats += run_machine(variant, players, max(EXAMPLES, 10))
    print("state machines:", dict(stats.most_common()))
    assert stats["games ended"] >= len(COVERAGE)
    for label in ("after game over", "out of turn: pass", "bid above cash",
                  "bid below the minimum", "bid off the increment",
                  "price above the auctioneer's cash", "play a card not in hand",
                  "no seat while several must act", "malformed ''"):
        assert stats[f"refused: {label}"] > 0, label


@pytest.mark.parametrize("companion", [False, True])
def test_double_without_companion_where_required(companion: bool) -> None:
    """002's two-player variant: a double may be led only with a second card of its artist.

    Without the companion the lead is refused (and the state unchanged); with it,
    or with three players (no such rule), it is legal.
    """
    from auctionrules.engine import Game, IllegalActionError

    ruleset = bundled("boardpia-modern")
    hand = ["manet/double", "manet/sealed" if companion else "cezanne/open"]
    game = Game.from_position(ruleset, 2, hands=[hand, ["klimt/open", "manet/open"]],
                              dummy_hands=[["munch/open"], ["munch/sealed"]])
    legal = game.legal(0)
    assert (engine_action("play manet/double") in legal) is companion
    before = game.snapshot()
    if companion:
        game.apply("play manet/double", 0)
        assert game.snapshot() != before
    else:
        with pytest.raises(IllegalActionError, match="second card"):
            game.apply("play manet/double", 0)
        assert game.snapshot() == before
    three = Game.from_position(ruleset, 3, hands=[hand, ["klimt/open"], ["munch/open"]])
    assert engine_action("play manet/double") in three.legal(0)


def engine_action(text: str) -> Any:
    from auctionrules.engine import Action

    return Action.parse(text)


@pytest.mark.parametrize(("variant", "cash"), [("taiwan", 7), ("hig-1992-en", 7000)])
def test_fixed_price_above_the_auctioneers_cash(variant: str, cash: int) -> None:
    """Where the price is capped by the auctioneer's cash, one unit more is refused."""
    from auctionrules.engine import Game, IllegalActionError

    ruleset = bundled(variant)
    assert ruleset.auctions.fixed_price.max_price == "auctioneer-cash"
    ids = [a.id for a in ruleset.theme.artists]
    unit = ruleset.money.bid_unit
    game = Game.from_position(
        ruleset, 3, hands=[[f"{ids[0]}/fixed_price", f"{ids[1]}/open"], [f"{ids[2]}/open"],
                           [f"{ids[3]}/open"]],
        cash=[cash, 50 * cash, 50 * cash],
    )
    game.apply(f"play {ids[0]}/fixed_price", 0)
    assert game.legal(0).price == (unit, cash, unit)
    before = game.snapshot()
    for amount in (cash + unit, 50 * cash):
        with pytest.raises(IllegalActionError):
            game.apply(f"price {amount}", 0)
        assert game.snapshot() == before
    game.apply(f"price {cash}", 0)
