"""Every agent plays only legal actions, from its view, on every bundled table.

The reliability volume is set by the environment: ``AUCTIONRULES_AGENT_GAMES``
games per table for the heuristic (default 4), ``AUCTIONRULES_ISMCTS_GAMES`` for
the search player (default 1; it searches one or two determinizations a
decision, since the moves, not the strength, are checked here).
"""

from __future__ import annotations

import os

import pytest
from support import Checked, rules_of, tables

from auctionrules.agents import make_agent
from auctionrules.agents.match import play_views
from auctionrules.engine import Game

#: For each agent: games per table, and the line-up of a game by its number (the
#: agent in seat 0; random players too, so that other auctions arise).
LINEUPS = {
    "heuristic": (
        int(os.environ.get("AUCTIONRULES_AGENT_GAMES", "4")),
        lambda number: ["heuristic", "heuristic" if number % 2 == 0 else "random"],
    ),
    "ismcts": (
        int(os.environ.get("AUCTIONRULES_ISMCTS_GAMES", "1")),
        lambda number: [
            "ismcts:iterations=1" if number % 2 == 0
            else "ismcts:iterations=2,paired=false,rollout=random",
            "heuristic",
        ],
    ),
}


@pytest.mark.parametrize("agent", sorted(LINEUPS))
@pytest.mark.parametrize(("variant", "modules", "players"), tables())
def test_plays_only_legal_actions_on_every_table(
    agent: str, variant: str, modules: tuple[str, ...], players: int
) -> None:
    rules = rules_of(variant, modules, players)
    games, lineup = LINEUPS[agent]
    for number in range(games):
        first, rest = lineup(number)
        names = [first] + [rest] * (players - 1)
        agents = [Checked(make_agent(name, seed=number * 10 + s)) for s, name in enumerate(names)]
        game = play_views(Game.new(rules=rules, seed=number), agents)
        assert game.outcome is not None
        assert agents[0].decisions > 0
        assert game.check_invariants() == []
