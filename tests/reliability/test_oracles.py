"""The checkers themselves can fail: each is shown a planted bug and must report it.

A checker that never fires proves nothing. Here the fuzz oracle sees badly
located problems, exceptions and hangs; the game watcher sees stolen money, a
lost card, a wrong payee, a bid above cash, a wrong ranking and a wrong payout,
each planted into a real game by monkeypatching the engine.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import rel_fuzz
from rel_engine import Watcher, bundled, play_random_game, random_step
from rel_oracle import Tally, location_error, problem_error

from auctionrules import loader
from auctionrules.engine import COMPILED

# -- the fuzz oracle ---------------------------------------------------------------------


def test_location_oracle_rejects_unlocated_and_misplaced_problems(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    data = b"id: x\ntitle: y\n"
    path.write_bytes(data)
    files = {str(path): data}
    assert location_error(f"{path}:2:1: 'title' is wrong (at $.title)", files) is None
    assert location_error(f"{path}:3:1: end (at $)", files) is None
    assert location_error("'title' is wrong", files) is not None
    assert location_error(f"{path}:9:1: x (at $)", files) is not None
    assert location_error(f"{path}:1:40: x (at $)", files) is not None
    assert location_error(f"{path}:0:1: x (at $)", files) is not None
    assert location_error(f"{path}:1:1: x", files) is not None
    assert location_error(f"{tmp_path}/nope.yaml:1:1: x (at $)", {}) is not None


@pytest.mark.skipif(not hasattr(loader, "Problem"), reason="no loader.Problem yet")
def test_problem_oracle_checks_fields_against_text(tmp_path: Path) -> None:
    name = str(tmp_path / "x.yaml")
    files = {name: b"id: x\ntitle: y\n"}
    good = loader.Problem(name, 2, 1, "wrong", "$.title")
    assert problem_error(good, files) is None
    assert problem_error(loader.Problem(name, 2, 1, "", "$.title"), files) is not None
    assert problem_error(loader.Problem(name, 2, 1, "x", "title"), files) is not None
    assert problem_error(loader.Problem(name, 7, 1, "x", "$"), files) is not None

    class Liar:
        file, line, column, message, json_path = name, 2, 1, "wrong", "$.title"

        def __str__(self) -> str:
            return f"{name}:1:1: wrong (at $.title)"

    assert problem_error(Liar(), files) is not None


def test_harness_reports_exceptions_hangs_and_bad_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check_case`` turns an exception, a hang or an unlocated answer into a violation."""
    path = tmp_path / "x.yaml"
    path.write_bytes(b"id: x\n")

    def raises(*_: Any, **__: Any) -> list[Any]:
        raise KeyError("boom")

    def hangs(*_: Any, **__: Any) -> list[Any]:
        while True:
            time.sleep(0.01)

    def unlocated(*_: Any, **__: Any) -> list[Any]:
        return ["something is wrong"]

    def not_a_list(*_: Any, **__: Any) -> Any:
        return None

    monkeypatch.setattr(rel_fuzz, "FILE_LIMIT", 0.2)
    for fake, expected in ((raises, "KeyError"), (hangs, "hang"), (unlocated, "Problem"),
                           (not_a_list, "returned")):
        monkeypatch.setattr(rel_fuzz, "validate", fake)
        tally = Tally()
        rel_fuzz.check_case(path, b"id: x\n", tally, "fake", "kind", play=False)
        assert len(tally.violations) == 1, tally.violations
        assert expected in tally.violations[0], tally.violations
        assert "fake" in tally.violations[0]  # the reproducer is printed
        assert tally.by_mutation["kind", "violation"] == 1


# -- the game watcher -------------------------------------------------------------------------


def _game(variant: str = "hig-1992-en", players: int = 4, seed: int = 3) -> Any:
    from auctionrules.engine import Game

    return Game.new(bundled(variant), players=players, seed=seed)


def _run_until(watcher: Watcher, game: Any, pattern: str, seed: int = 0) -> list[str]:
    import random

    rng = random.Random(seed)
    while not game.is_over:
        random_step(game, rng)
        problems = watcher.step()
        if problems:
            assert any(pattern in p for p in problems), problems
            return problems
    raise AssertionError(f"the planted bug ({pattern}) was never reported")


def test_watcher_passes_a_clean_game() -> None:
    """Control for the planted bugs below: a real game raises nothing."""
    assert play_random_game(bundled("hig-1992-fr"), seed=5, players=3) > 50


def test_watcher_reports_stolen_money() -> None:
    game = _game()
    watcher = Watcher(game)
    assert watcher.step() == []
    game.state.cash = (*game.state.cash[:2], game.state.cash[2] - 1000, *game.state.cash[3:])
    assert any("money" in p for p in watcher.step())


def test_watcher_reports_negative_cash_and_a_lost_card() -> None:
    game = _game()
    watcher = Watcher(game)
    game.state.cash = (game.state.cash[0], -game.state.cash[1], *game.state.cash[2:])
    game.state.deck.pop()
    problems = watcher.step()
    assert any("negative" in p for p in problems), problems
    assert any("cards" in p for p in problems), problems


#: A planted bug patches the engine's functions and methods; compiled code calls them
#: directly, so the bug would not be planted. The plain-Python run of .ci/run plants them.
plants_bugs = pytest.mark.skipif(
    COMPILED, reason="a planted bug patches the engine, which compiled code calls directly; "
    "the plain-Python run of .ci/run plants it"
)


@plants_bugs
def test_watcher_reports_a_bid_above_cash(monkeypatch: pytest.MonkeyPatch) -> None:
    from auctionrules.engine.state import State

    honest = State.bid_range

    def generous(self: Any, seat: int, high: int) -> Any:
        rng = honest(self, seat, high)
        unit = self.rules.unit
        lo = max(self.rules.minimum_bid, high + unit)
        return (lo, max(lo, self.cash[seat]) + 5 * unit, unit) if rng or lo else rng

    monkeypatch.setattr(State, "bid_range", generous)
    game = _game()
    _run_until(Watcher(game), game, "above the cash")


@plants_bugs
def test_watcher_reports_a_wrong_payee(monkeypatch: pytest.MonkeyPatch) -> None:
    """004's split paid wholly to the leader: the ledger balances but the payee is wrong."""
    game = _game("hig-1992-fr", 4, seed=11)
    payee = type(game.rules.payee)

    def to_leader(self: Any, lot: Any, winner: int, price: int) -> Any:
        return ((-1 if lot.leader == winner else lot.leader, price),)

    monkeypatch.setattr(payee, "payments", to_leader)
    for seed in range(40):
        game = _game("hig-1992-fr", 4, seed=seed)
        watcher = Watcher(game)
        try:
            problems = _run_until(watcher, game, "the rules give", seed)
        except AssertionError as exc:
            if "never reported" in str(exc):
                continue
            raise
        assert problems
        return
    raise AssertionError("no double with an adder was sold in 40 games")


@plants_bugs
@pytest.mark.parametrize("plant", ["ranking", "payout"])
def test_watcher_reports_wrong_scoring(monkeypatch: pytest.MonkeyPatch, plant: str) -> None:
    from auctionrules.engine import flow

    # Patch score_round where the round flow looks it up.
    honest = flow.score_round

    def crooked(*args: Any, **kwargs: Any) -> Any:
        import attrs

        score = honest(*args, **kwargs)
        if plant == "payout":
            return attrs.evolve(score, payouts=(score.payouts[0] + 1, *score.payouts[1:]))
        return attrs.evolve(score, ranked=tuple(reversed(score.ranked)))

    monkeypatch.setattr(flow, "score_round", crooked)
    game = _game(seed=4)
    _run_until(Watcher(game), game, "scoring")

