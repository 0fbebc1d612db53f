"""The ``learned`` agent: its bundled weights load, it plays legal moves from its view on
every bundled table, it is seeded, and the core package does without numpy."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from support import Checked, rules_of, tables

import auctionrules
from auctionrules.agents import AgentError, LearnedAgent, agent_entries, make_agent
from auctionrules.agents.choices import Decision, choice_of
from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import HeuristicAgent
from auctionrules.agents.match import play_views
from auctionrules.engine import Game
from auctionrules.engine.record import make_record

np = pytest.importorskip("numpy")


def _game(rules_name: str, players: int, seed: int, names: list[str]) -> Game:
    rules = rules_of(rules_name, (), players)
    agents = [make_agent(name, seed=seed * 10 + s) for s, name in enumerate(names)]
    return play_views(Game.new(rules=rules, seed=seed), agents)


def test_it_is_registered_and_its_weights_load() -> None:
    assert "learned" in {entry.name for entry in agent_entries()}
    agent = make_agent("learned", seed=1)
    assert isinstance(agent, LearnedAgent)
    weights = resources.files("auctionrules.agents").joinpath("weights", "learned.npz")
    assert weights.is_file()
    assert 0 < len(weights.read_bytes()) < 3_000_000  # (shipped in the package: small)
    reading = agent.reading(rules_of("hig-1992-en", (), 4))
    assert (reading.size, reading.head) == (agent.network.inputs, agent.network.outputs)


@pytest.mark.parametrize(("variant", "modules", "players"), tables())
def test_it_plays_only_legal_moves_from_its_view_on_every_table(
    variant: str, modules: tuple[str, ...], players: int
) -> None:
    rules = rules_of(variant, modules, players)
    agents = [Checked(make_agent("learned" if s == 0 else "heuristic", seed=s))
              for s in range(players)]
    game = play_views(Game.new(rules=rules, seed=3), agents)
    assert game.outcome is not None
    assert agents[0].decisions > 0
    assert game.check_invariants() == []


def test_a_seed_fixes_its_games() -> None:
    names = ["learned", "heuristic", "learned:temperature=1.0", "heuristic"]
    first = make_record(_game("hig-1992-en", 4, 5, names))
    again = make_record(_game("hig-1992-en", 4, 5, names))
    assert first == again


def test_a_temperature_samples_with_the_seed() -> None:
    def moves(seed: int) -> list[object]:
        agents = [make_agent("learned", seed=seed, temperature=2.0)] + [
            make_agent("heuristic", seed=s) for s in (1, 2, 3)]
        game = play_views(Game.new(rules=rules_of("hig-1992-en", (), 4), seed=7), agents)
        return [action for seat, action in game.log if seat == 0]

    assert moves(1) == moves(1)
    assert moves(1) != moves(2)


def test_it_is_not_the_heuristic() -> None:
    """Trained to depart from the heuristic where the search does: a game of it differs
    from the same game with the heuristic in its seat."""
    mixed = _game("hig-1992-en", 4, 11, ["learned", "heuristic", "heuristic", "heuristic"])
    plain = _game("hig-1992-en", 4, 11, ["heuristic"] * 4)
    assert mixed.log != plain.log


def test_the_heuristic_move_is_always_one_of_the_choices() -> None:
    """The head can say what the heuristic says at every decision of a game (it is the
    move the network starts from), on each kind of auction of the bundled tables."""
    heuristic = HeuristicAgent()
    for variant, players in (("hig-1992-en", 4), ("cmon-2017", 3), ("taiwan", 5)):
        game = Game.new(rules=rules_of(variant, (), players), seed=2)
        kinds = set()
        while not game.is_over:
            seat = game.to_act()[0]
            view, legal = game.view(seat), game.legal(seat)
            facts = Facts.of_view(view)
            decision = Decision(heuristic, facts, legal)
            move = heuristic.decide(facts, legal)
            chosen = choice_of(move, decision)
            assert chosen
            assert all(decision.move(c, [move] * decision.discrete) == move for c in chosen)
            kinds.add(decision.kind)
            game.apply(move, seat)
        assert {"none", "open"} <= kinds


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(AgentError, match="temperature"):
        make_agent("learned", temperature=-1.0)


def test_without_numpy_the_core_plays_and_the_agent_names_its_extra() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "from auctionrules.agents import AgentError, make_agent\n"
        "from auctionrules.engine import play_game\n"
        "from auctionrules.loader import load_ruleset\n"
        "play_game(load_ruleset('hig-1992-en'), 4, seed=1,"
        " agents=[make_agent('heuristic', seed=s) for s in range(4)])\n"
        "try:\n"
        "    make_agent('learned')\n"
        "except AgentError as exc:\n"
        "    print(exc)\n"
    )
    src = str(Path(auctionrules.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "auctionrules[learned]" in done.stdout
