"""The built-in agents, compiled or not, copy and pickle as plain Python objects do.

The heuristic and the search are compiled with the engine: a copy or a pickle of
one, or of a user's interpreted subclass, must keep every field (the generator,
the search's plan, the subclass's own state) and go on deciding as the original
does.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from auctionrules.agents import HeuristicAgent
from auctionrules.agents.ismcts import ISMCTSAgent
from auctionrules.engine import Game
from auctionrules.engine.rules import rules_for
from auctionrules.loader import load_ruleset


class Remembering(HeuristicAgent):
    """A subclass with a ``__dict__``."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.memory = ["seen"]


class Counting(ISMCTSAgent):
    """A subclass with slots of its own."""

    __slots__ = ("calls",)

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed, iterations=3)
        self.calls = 3


def _search(seed: int) -> ISMCTSAgent:
    return ISMCTSAgent(seed, iterations=3)


@pytest.mark.parametrize("make", [HeuristicAgent, Remembering, _search, Counting])
def test_a_copy_or_a_pickle_goes_on_deciding_as_the_original(make: Any) -> None:
    game = Game.new(rules=rules_for(load_ruleset("hig-1992-en"), 4), seed=3)
    agent = make(7)
    for _ in range(6):  # (the search keeps a plan for the lot, the generator moves on)
        seat = game.to_act()[0]
        game.apply(agent.act(game.view(seat), game.legal(seat)), seat)
    twins = [copy.deepcopy(agent), pickle.loads(pickle.dumps(agent))]
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal(seat)
    decisions = [agent.act(view, legal) for _ in range(3)]
    for twin in twins:
        assert type(twin) is type(agent)
        assert [twin.act(view, legal) for _ in range(3)] == decisions
        if isinstance(twin, Remembering):
            assert twin.memory == ["seen"]
        if isinstance(twin, Counting):
            assert twin.calls == 3
