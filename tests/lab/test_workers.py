"""Worker processes know this process's registrations however they start.

A forked worker inherits the registries; a ``forkserver`` worker (Python 3.14's
default on Linux) or a ``spawn`` one (macOS, Windows) starts from what importing
auctionrules registers. The plan carries the agents it seats and the custom
strategies (:mod:`auctionrules.lab.carried`), so a run gives the games of one
process under every start method.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from auctionrules.agents import register_agent, unregister_agent
from auctionrules.engine import RandomAgent
from auctionrules.engine.policies import AdderPaid, SplitEqually
from auctionrules.engine.registry import lookup, register, unregister
from auctionrules.lab import Plan, Simulation, SimulationError
from auctionrules.lab.backends import Processes
from auctionrules.lab.carried import Registrations
from auctionrules.loader import load_ruleset

START_METHODS = multiprocessing.get_all_start_methods()

#: hig-1992-en with its double's price split by a strategy registered here, under a
#: name no worker knows unless told
VARIANT = """\
id: carried-split
title: The double's price split equally
extends: hig-1992-en
auctions:
  double: {payee: club.split}
"""


@pytest.fixture
def registered(tmp_path: Path) -> Iterator[Path]:
    """``club.split`` (a double's price split equally) and the agent ``carried-random``
    (importable classes under names only this process has), and the variant's file."""
    register("auctions.double.payee", "club.split", SplitEqually)
    register_agent("carried-random", RandomAgent, "a random player under a new name")
    path = tmp_path / "carried.yaml"
    path.write_text(VARIANT, encoding="utf-8")
    try:
        yield path
    finally:
        unregister("auctions.double.payee", "club.split")
        unregister_agent("carried-random")


def _results(plan: Plan, jobs: int, start_method: str | None = None) -> list[str]:
    backend = Processes(jobs, start_method) if jobs > 1 else None
    return [json.dumps(result.to_dict()) for result in Simulation(plan, 12, backend)]


@pytest.mark.parametrize("start_method", START_METHODS)
def test_workers_play_the_games_of_this_process(registered: Path, start_method: str) -> None:
    plan = Plan.make(registered, 4, "carried-random,random", seed=5)
    assert [name for _, name, _ in plan.carried.strategies] == ["club.split"]
    assert [agent.name for agent in plan.carried.agents] == ["carried-random", "random"]
    assert _results(plan, 2, start_method) == _results(plan, 1)


def test_the_custom_strategy_is_what_the_games_use(registered: Path) -> None:
    split = Plan.make(registered, 4, "carried-random", seed=5)
    plain = Plan.of(load_ruleset("hig-1992-en"), 4, "carried-random", seed=5)
    assert _results(split, 1) != _results(plain, 1)  # (a double was sold in 12 games)


def test_what_cannot_be_sent_is_named(registered: Path) -> None:
    register_agent("local-random", lambda seed=None: RandomAgent(seed))
    try:
        plan = Plan.make(registered, 4, "local-random,carried-random", seed=5)
        assert plan.carried.unsent_agents == ("local-random",)
        assert plan.carried.adopt() == []  # (this process knows it)
        unregister_agent("local-random")  # as in a worker that was not forked
        with pytest.raises(SimulationError, match=r"agent 'local-random' cannot reach a worker "
                                                  r"process that was not forked"):
            plan.rules()
    finally:
        unregister_agent("local-random")


@pytest.mark.skipif("fork" not in START_METHODS, reason="this platform cannot fork")
def test_a_forked_worker_plays_what_cannot_be_sent(registered: Path) -> None:
    register_agent("local-random", lambda seed=None: RandomAgent(seed))
    try:
        plan = Plan.make(registered, 4, "local-random,carried-random", seed=5)
        assert _results(plan, 2, "fork") == _results(plan, 1)
    finally:
        unregister_agent("local-random")


def test_adopting_registers_only_what_is_missing(registered: Path) -> None:
    carried = Registrations.of(["carried-random"])
    unregister_agent("carried-random")
    unregister("auctions.double.payee", "club.split")
    assert carried.adopt() == []
    plan = Plan.make(registered, 4, "carried-random")  # both known again
    assert plan.carried == carried
    # a registration replaced since the plan was made stays as replaced: running the
    # plan here does not put the earlier one back
    register("auctions.double.payee", "club.split", AdderPaid)
    plan.rules()
    assert lookup("auctions.double.payee", "club.split") is AdderPaid


def test_what_a_notebook_defines_cannot_be_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    # (a notebook's or an interactive session's main module is no file a worker could
    # import again; a script's is, and what it defines is found there)
    notebook = types.ModuleType("__main__")

    class NotebookAgent(RandomAgent):
        """A random player defined in the notebook."""

    NotebookAgent.__qualname__ = "NotebookAgent"
    NotebookAgent.__module__ = "__main__"
    notebook.NotebookAgent = NotebookAgent  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "__main__", notebook)
    register_agent("notebook-random", NotebookAgent)
    try:
        assert Registrations.of(["notebook-random"]).unsent_agents == ("notebook-random",)
        notebook.__file__ = "/home/someone/script.py"
        assert Registrations.of(["notebook-random"]).unsent_agents == ()
    finally:
        unregister_agent("notebook-random")
