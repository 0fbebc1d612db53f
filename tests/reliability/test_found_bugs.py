"""Bugs the reliability suite found in the loader and the engine, one regression test each.

An open bug's test is marked ``xfail(strict=True)`` with the bug's description:
when it is fixed the test passes, pytest reports XPASS as a failure, and
whoever fixed it removes the marker. Each test says what went wrong and names
the fuzz seeds that found it.
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from rel_engine import bundled, play_random_game
from rel_oracle import problem_error, time_limit

from auctionrules import loader


def refused_cleanly(path: Path) -> None:
    """``validate_file`` gives located problems (no exception); the CLI exits 1 (no traceback)."""
    with time_limit(5, "validate_file"):
        problems = loader.validate_file(path)
    assert problems
    data = path.read_bytes()
    assert [e for p in problems if (e := problem_error(p, {str(path): data}))] == []
    result = subprocess.run(
        [sys.executable, "-m", "auctionrules", "validate", str(path)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr[-1500:]
    assert result.returncode == 1


@pytest.mark.parametrize("removed", ["scoring: {ranking: null}", "theme: {artists: null}"])
def test_null_removing_a_required_key_is_a_located_problem(tmp_path: Path, removed: str) -> None:
    """Removing a required key with null was a KeyError in the semantic checks and a
    CLI traceback (fuzz seeds 5017, 5661, 7493)."""
    path = tmp_path / "removes.yaml"
    path.write_text(f"id: removes\ntitle: R\nextends: taiwan\n{removed}\n", encoding="utf-8")
    refused_cleanly(path)


def test_a_ranking_table_with_a_repeated_value_is_refused(tmp_path: Path) -> None:
    """The loader accepted a repeated ranking value that the engine's
    check_invariants() then reported in every game (fuzz seeds 4714, 5755, 6153):
    ranking values must strictly decrease."""
    path = tmp_path / "ranking.yaml"
    path.write_text(
        "id: ranking\ntitle: R\nextends: hig-1992-en\n"
        "scoring: {ranking: [30000, 20000, 20000]}\n",
        encoding="utf-8",
    )
    refused_cleanly(path)


@pytest.mark.parametrize(
    "ranking", ["[30000]", "[30000, 29000, 28000]", "[50000, 40000, 30000, 20000, 10000]"]
)
def test_accepted_ranking_tables_play_without_violations(tmp_path: Path, ranking: str) -> None:
    """The other side of the same bug: the tables the loader accepts at its edges (one
    place, values one bid unit apart, every artist ranked) play without a violation of
    the engine's or the watcher's invariants."""
    path = tmp_path / "ranking.yaml"
    path.write_text(
        f"id: ranking\ntitle: R\nextends: hig-1992-en\nscoring: {{ranking: {ranking}}}\n",
        encoding="utf-8",
    )
    assert loader.validate_file(path) == []
    ruleset = loader.load_ruleset(path)
    for seed in range(5):
        assert play_random_game(ruleset, seed=seed, players=4) > 0


@pytest.mark.parametrize("text", ["bid ²", "price ³", "bid " + "9" * 5000])
def test_odd_digits_are_malformed_actions(text: str) -> None:
    """Action.parse raised a bare ValueError for amounts str.isdigit() accepts but int()
    refuses (superscript digits, more than 4,300 digits)."""
    from auctionrules.engine import Game, MalformedActionError

    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    before = game.snapshot()
    with pytest.raises(MalformedActionError):
        game.apply(text, game.to_act()[0])
    assert game.snapshot() == before


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_game_can_be_copied_and_pickled(how: str) -> None:
    """copy.deepcopy and pickle of an Event, hence of any Game, raised
    AttributeError('Event is immutable: cannot set ...').

    The clone equals the game, is independent of it, and plays on identically.
    """
    import random

    from rel_engine import random_step

    from auctionrules.engine import Game

    game = Game.new(bundled("hig-1992-fr"), players=3, seed=2)
    rng = random.Random(2)
    for _ in range(30):
        random_step(game, rng)
    clone = copy.deepcopy(game) if how == "deepcopy" else pickle.loads(pickle.dumps(game))
    assert clone.snapshot() == game.snapshot()
    assert clone.events == game.events
    at_copy = clone.snapshot()
    a, b = random.Random(9), random.Random(9)
    while not game.is_over:
        random_step(game, a)
    assert clone.snapshot() == at_copy, "playing the game changed its clone"
    while not clone.is_over:
        random_step(clone, b)
    assert clone.outcome == game.outcome
    assert clone.record() == game.record()


@pytest.mark.parametrize("damage", ["hand card", "deck card", "actions"])
def test_replay_refuses_non_string_cards_and_actions(damage: str) -> None:
    """replay() let AttributeError/TypeError escape for a non-string card in the deal or a
    non-list 'actions'."""
    from auctionrules.engine import ReplayError, play_game, replay

    record = play_game(bundled("taiwan"), 4, seed=1).record()
    if damage == "hand card":
        record["deal"]["hands"][0][0] = {}
    elif damage == "deck card":
        record["deal"]["deck"][0] = 7
    else:
        record["actions"] = 5
    with pytest.raises(ReplayError):
        replay(record)
