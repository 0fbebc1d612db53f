"""Every benchmark script starts: its imports and options still match the library.

The benchmarks are not run by the suite (speed is measured, not asserted), so a
renamed function they import would otherwise only show the next time someone
measures; ``--help`` imports the script and parses its options, in seconds.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("script", sorted(p.name for p in BENCHMARKS.glob("*.py")))
def test_the_script_starts(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--help"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_the_counted_loops_play_the_same_games() -> None:
    """``benchmarks/instructions.py`` compares loops per decision; its children (run here
    without valgrind) play the same seeded games in every engine loop, so the same
    number of decisions: the counts divide like with like."""
    decisions = set()
    for loop in ("playout", "step", "readme", "mixed", "mixed-steps"):
        done = subprocess.run(
            [sys.executable, str(BENCHMARKS / "instructions.py"), "--child", loop,
             "--games", "2", "--tally"],
            capture_output=True, text=True, timeout=120, check=True,
        )
        decisions.add(int(done.stdout.split()[-1]))
    assert len(decisions) == 1
    assert decisions.pop() > 100


def test_the_floor_stand_in_plays_the_recorded_games() -> None:
    """``benchmarks/floor.py`` times the README loop against a stand-in that hands out a
    recorded game's legal moves, and the agents' part of the playout by asking them
    the questions it recorded: each must be the same game as the playout's, one
    checked action and one question a decision, or the budget it prints is wrong."""
    from auctionrules.engine import play_game
    from auctionrules.engine.agents import default_agents
    from auctionrules.engine.rules import compile_rules
    from auctionrules.loader import load_ruleset

    floor = runpy.run_path(str(BENCHMARKS / "floor.py"))
    for players in (3, 4):
        rules = compile_rules(load_ruleset("hig-1992-en"), players)
        for seed in range(3):
            decisions = len(play_game(rules, seed=seed).log)
            legals = floor["record_legals"](rules, seed)
            game = floor["Answers"](legals, rules.alone)
            assert floor["agent_loop"](game, default_agents(players, seed)) == decisions
            assert game.is_over
            assert len(legals) == len(floor["record_questions"](rules, seed)) == decisions


def test_the_unobserved_openspiel_row_is_the_same_game_unobserved() -> None:
    """``benchmarks/openspiel_sim.py``'s bound (``unobserved``) must play the real
    game's states, with observations of the real length that say nothing, or the
    bound it prints is of another game."""
    pyspiel = pytest.importorskip("pyspiel")
    script = runpy.run_path(str(BENCHMARKS / "openspiel_sim.py"))
    real = script["load"]("hig-1992-en", 4)
    blind = pyspiel.load_game("python_modern_art_unobserved",
                              {"variant": "hig-1992-en", "players": 4})
    assert blind.observation_tensor_size() == real.observation_tensor_size()
    states = [real.new_initial_state(), blind.new_initial_state()]
    moves = 0
    while not states[0].is_terminal() and moves < 120:
        first, second = states
        assert first.current_player() == second.current_player()
        if first.is_chance_node():
            assert first.chance_outcomes() == second.chance_outcomes()
            action = first.chance_outcomes()[moves % len(first.chance_outcomes())][0]
        else:
            assert first.legal_actions() == second.legal_actions()
            seat = first.current_player()
            assert any(first.observation_tensor(seat))
            assert not any(second.observation_tensor(seat))
            assert second.observation_string(seat) == ""
            action = first.legal_actions()[moves % len(first.legal_actions())]
        for state in states:
            state.apply_action(action)
        moves += 1
    assert moves == 120
    pyspiel.random_sim_test(blind, num_sims=1, serialize=True, verbose=False)
