"""The agent registry: names and parameters from Python and from command-line text."""

from __future__ import annotations

import re

import pytest

from auctionrules.agents import (
    AgentError,
    AgentSpec,
    make_agent,
    parse_agents,
    register_agent,
    seat_agents,
    unregister_agent,
)
from auctionrules.engine import RandomAgent


def test_text_parameters_convert_by_the_defaults_type() -> None:
    agent = make_agent("random:bid_chance=0.25", seed=1)
    assert isinstance(agent, RandomAgent)
    assert agent.bid_chance == 0.25


def test_a_spec_prints_as_it_parses() -> None:
    spec = AgentSpec.parse(" random : bid_chance=0.5 ")
    assert str(spec) == "random:bid_chance=0.5"
    assert AgentSpec.parse(str(spec)) == spec


def test_the_same_seed_gives_the_same_agent_choices() -> None:
    first, second = make_agent("random", seed=9), make_agent("random", seed=9)
    assert [first.pick(7) for _ in range(20)] == [second.pick(7) for _ in range(20)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("randm", "unknown agent 'randm' (did you mean 'random'?)"),
        ("random:bid_chanse=0.2", "no parameter 'bid_chanse' (did you mean 'bid_chance'?)"),
        ("random:bid_chance=lots", "bid_chance='lots' is not a number"),
        ("ismcts:iterations=abc", "iterations='abc' is not a whole number"),
        ("ismcts:paired=perhaps", "paired='perhaps' is not true or false"),
        ("random:bid_chance", "'bid_chance' is not key=value"),
    ],
)
def test_bad_names_and_parameters_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(AgentError, match=re.escape(message)):
        make_agent(text)


def test_a_list_splits_on_commas_but_keeps_parameters_with_their_agent() -> None:
    register_agent("probe", _probe)
    try:
        specs = parse_agents("probe:depth=3,flag=yes,random,probe")
        assert [str(s) for s in specs] == ["probe:depth=3,flag=True", "random", "probe"]
        assert specs[0].build(seed=1) == ("probe", 1, 3, True)
    finally:
        unregister_agent("probe")


def test_the_agents_go_in_turn_round_the_table() -> None:
    one = parse_agents("random")
    assert seat_agents(one, 4) == one * 4
    two = parse_agents("heuristic,random")
    assert seat_agents(two, 4) == two * 2
    assert seat_agents(two, 3) == (*two, two[0])
    four = parse_agents("heuristic,random,random,ismcts")
    assert seat_agents(four, 4) == four
    with pytest.raises(AgentError, match="5 agents for 4 seats"):
        seat_agents(parse_agents("random,random,random,random,random"), 4)


def test_a_factory_parameter_without_a_default_is_refused() -> None:
    def bad(seed: int, depth: int) -> RandomAgent:
        return RandomAgent(seed)

    with pytest.raises(AgentError, match="'depth' needs a default"):
        register_agent("bad", bad)


def _probe(seed: int | None = None, depth: int = 1, flag: bool = False) -> object:
    """A test factory that returns its arguments."""
    return ("probe", seed, depth, flag)
