"""The search player: from its view only, reproducible for an iteration
budget, and its amounts drawn from the legal range."""

from __future__ import annotations

import pytest
from support import reaches_a_game

from auctionrules.agents import AgentError, ISMCTSAgent, make_agent
from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import limit_of
from auctionrules.agents.match import play_views
from auctionrules.agents.search import amounts, candidates
from auctionrules.engine import Game, Legal, View
from auctionrules.engine.actions import PASS, Action, Bid, Limit
from auctionrules.engine.rules import rules_for
from auctionrules.loader import load_ruleset


def _log(seed: int, **params: object) -> list[tuple[int, Action]]:
    rules = rules_for(load_ruleset("taiwan"), 3)
    agents = [make_agent("ismcts", seed=seed, iterations=2, **params),
              make_agent("heuristic"), make_agent("random", seed=seed)]
    return play_views(Game.new(rules=rules, seed=seed), agents).log


def test_an_iteration_budget_is_reproducible() -> None:
    assert _log(4) == _log(4)
    assert _log(4, paired=False) == _log(4, paired=False)
    assert _log(4, horizon="game", rollout="random") == _log(4, horizon="game",
                                                             rollout="random")
    assert _log(4) != _log(5)


def test_a_time_budget_searches_at_least_once_and_stops() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 4)
    game = Game.new(rules=rules, seed=2)
    agent = ISMCTSAgent(1, seconds=0.01)
    action = agent.act(game.view(0), game.legal(0))
    assert action in game.legal(0) and agent.last_iterations >= 1


def test_it_searches_from_the_view_and_never_holds_the_game() -> None:
    rules = rules_for(load_ruleset("hig-1992-fr"), 4)
    game = Game.new(rules=rules, seed=7)
    seen: list[tuple[View, Legal]] = []

    class Spy:
        def __init__(self) -> None:
            self.inner = ISMCTSAgent(3, iterations=1)

        def act(self, view: View, legal: Legal) -> Action:
            seen.append((view, legal))
            return self.inner.act(view, legal)

    spies = [Spy() for _ in range(4)]
    for _ in range(20):
        seat = game.to_act()[0]
        game.apply(spies[seat].act(game.view(seat), game.legal(seat)), seat)
    assert not any(reaches_a_game(view, legal) for view, legal in seen)
    # what an agent keeps between decisions does not lead to the game either
    assert not reaches_a_game(spies)


def test_amounts_come_from_the_legal_range() -> None:
    assert amounts((1000, 9000, 1000), 3) == [1000, 3000, 5000, 7000, 9000]
    assert amounts((5, 6, 1), 4) == [5, 6]
    legal = Legal(0, (PASS,), bid=(2000, 100000, 1000))
    options = candidates(legal, 4)
    assert options[0] == PASS and Bid(2000) in options and Bid(100000) in options
    assert all(option in legal for option in options) and len(options) == 7


def test_bad_parameters_are_agent_errors() -> None:
    with pytest.raises(AgentError, match="rollout='greedy'"):
        make_agent("ismcts:rollout=greedy")
    with pytest.raises(AgentError, match="give a budget"):
        make_agent("ismcts:iterations=0,seconds=0")
    # (an endless budget would never decide; nan compares false to everything)
    for budget in ("seconds=inf", "seconds=nan", "seconds=-1", "iterations=-3"):
        with pytest.raises(AgentError, match="a budget is iterations >= 0"):
            make_agent(f"ismcts:{budget}")


def test_it_leaves_the_heuristics_move_only_for_a_clearly_better_one() -> None:
    agent = ISMCTSAgent(0, iterations=1, confidence=1.0)
    prior, other = PASS, Bid(5000)
    noisy = {prior: [0.5, 0.6, 0.4, 0.5], other: [0.6, 0.5, 0.5, 0.5]}
    assert agent._confident_choice(noisy, prior) == prior
    clear = {prior: [0.5, 0.6, 0.4, 0.5], other: [0.6, 0.7, 0.5, 0.6]}
    assert agent._confident_choice(clear, prior) == other
    single = {prior: [0.1], other: [0.9]}
    assert agent._confident_choice(single, prior) == prior


def test_its_plans_are_legal_and_hold_the_heuristics_move() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 4)
    game = Game.new(rules=rules, seed=3)
    agent = ISMCTSAgent(0, iterations=1)
    heuristic = make_agent("heuristic")
    kinds = set()
    ends = 0
    for _ in range(150):
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal(seat)
        plans, prior = agent.plans(Facts.of_view(view), legal)
        assert prior in plans
        said = heuristic.act(view, legal)
        if isinstance(said, Limit):  # (open: the engine's first answer on the limit)
            assert legal.bid is not None and legal.limit is not None
            high_bidder = dict(view.lot or ())["high_bidder"]
            bids = legal.bid[0] <= said.amount and high_bidder != seat
            assert prior[0] == (said if bids else PASS)
            assert not bids or (prior[1] is not None and limit_of(prior[1], legal.limit) == said)
        else:
            assert prior[0] == said
        assert all(action in legal for action, _ in plans)
        assert len(set(plans)) == len(plans)
        # the legal range's ends are searched: as amounts, or (open) as limits
        span = legal.price or legal.bid
        if span is not None and len(plans) > 1:
            searched = {getattr(action, "amount", None) for action, _ in plans}
            searched |= {limit for _, limit in plans}
            assert span[1] in searched, (legal, plans)
            ends += 1
        kinds.add(type(prior[0]).__name__)
        game.apply(heuristic.act(view, legal), seat)
    assert {"Play", "Bid", "Pass"} <= kinds
    assert ends > 10


def test_an_open_auction_plan_is_said_as_a_limit_and_the_seat_is_not_asked_again() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 4)
    game = Game.new(rules=rules, seed=5)
    agents = [ISMCTSAgent(s, iterations=2) for s in range(4)]
    said = 0
    lot, on_limit = None, set()
    for _ in range(300):
        if game.is_over:
            break
        seat = game.to_act()[0]
        if game.state.lot is not lot:
            lot, on_limit = game.state.lot, set()
        assert seat not in on_limit  # (the engine answers for a seat on a limit)
        agent = agents[seat]
        view, legal = game.view(seat), game.legal(seat)
        action = agent.act(view, legal)
        assert action in legal
        if isinstance(action, Limit):
            said += 1
            on_limit.add(seat)
            # the plan chosen, said as a limit: its first bid is the engine's first answer
            assert agent.plan is not None and action == limit_of(agent.plan[1], legal.limit)
            assert legal.bid is not None and legal.bid[0] <= action.amount
        game.apply(action, seat)
    assert said > 10
