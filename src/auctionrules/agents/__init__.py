"""Agents that play Modern Art, by name.

Every agent reads only what its seat may see: ``act(view, legal) -> Action``
(:class:`~auctionrules.engine.views.View`, :class:`~auctionrules.engine.legal.Legal`).
The registry (:func:`make_agent`, :func:`register_agent`, :func:`parse_agents`)
is shared by Python callers, ``auctionrules play --agents`` and the simulation lab.
"""

from auctionrules.agents.heuristic import HeuristicAgent
from auctionrules.agents.ismcts import ISMCTSAgent
from auctionrules.agents.learned import LearnedAgent
from auctionrules.agents.registry import (
    AgentEntry,
    AgentError,
    AgentFactory,
    AgentSpec,
    agent_entries,
    make_agent,
    parse_agents,
    register_agent,
    seat_agents,
    unregister_agent,
)
from auctionrules.engine.agents import RandomAgent  # (the engine's, for play_game's default)

register_agent(
    "heuristic", HeuristicAgent, "Valuation play: bids up to a share of each lot's worth."
)
register_agent(
    "ismcts", ISMCTSAgent, "Information-set Monte Carlo tree search over determinizations."
)
register_agent(
    "learned", LearnedAgent,
    "A small network trained to play as ismcts does (needs numpy: the 'learned' extra).",
)

__all__ = [
    "AgentEntry",
    "AgentError",
    "AgentFactory",
    "AgentSpec",
    "HeuristicAgent",
    "ISMCTSAgent",
    "LearnedAgent",
    "RandomAgent",
    "agent_entries",
    "make_agent",
    "parse_agents",
    "register_agent",
    "seat_agents",
    "unregister_agent",
]
