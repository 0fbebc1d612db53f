"""The heuristic player: from its view only, reproducible, and sensible in the positions
that decide games (the strength ladder itself is a benchmark)."""

from __future__ import annotations

import pytest
from support import reaches_a_game

from auctionrules.agents import HeuristicAgent, make_agent
from auctionrules.agents.facts import Facts
from auctionrules.agents.match import play_views
from auctionrules.engine import Game, IllegalActionError, Legal, View
from auctionrules.engine.actions import PASS, Action, Add, Bid, Limit, Play
from auctionrules.engine.rules import rules_for
from auctionrules.loader import load_ruleset


def test_an_illegal_answer_is_refused_by_the_loop() -> None:
    class Cheat:
        def act(self, view: View, legal: Legal) -> Action:
            return Bid(10**9)

    rules = rules_for(load_ruleset("hig-1992-en"), 3)
    with pytest.raises(IllegalActionError):
        play_views(Game.new(rules=rules, seed=1), [Cheat()] * 3)


def test_the_same_seed_and_agents_give_the_same_game() -> None:
    rules = rules_for(load_ruleset("hig-1992-fr"), 4)

    def log(seed: int) -> list[tuple[int, Action]]:
        agents = [make_agent("heuristic", seed=s) for s in range(2)] + [
            make_agent("random", seed=seed + s) for s in range(2)
        ]
        return play_views(Game.new(rules=rules, seed=seed), agents).log

    assert log(5) == log(5)
    assert log(5) != log(6)


def test_an_agent_handed_a_view_cannot_reach_the_game() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 4)
    game = Game.new(rules=rules, seed=3)
    seen: list[tuple[View, Legal]] = []

    class Spy:
        def __init__(self) -> None:
            self.inner = HeuristicAgent()

        def act(self, view: View, legal: Legal) -> Action:
            if len(seen) < 40:
                seen.append((view, legal))
            return self.inner.act(view, legal)

    play_views(game, [Spy() for _ in range(4)])
    assert len(seen) == 40
    for view, legal in seen:
        assert not reaches_a_game(view, legal)
    # the walk does find a game where there is one
    assert reaches_a_game(seen[0], [game])


def test_parameters_come_from_the_registry_text() -> None:
    agent = make_agent("heuristic:aggression=0.7,shading=0.8", seed=2)
    assert isinstance(agent, HeuristicAgent)
    assert (agent.aggression, agent.shading) == (0.7, 0.8)


def _game_at_lead(cards: list[str], counts_cards: list[str]) -> Game:
    rules = rules_for(load_ruleset("hig-1992-en"), 3)
    return Game.from_position(
        rules=rules,
        hands=[cards, ["yoko/open"], ["yoko/open"]],
        played=counts_cards,
        owned=[[], ["krypto/open", "krypto/open"], []],
    )


def test_it_does_not_end_the_round_when_a_rival_would_score_more() -> None:
    # krypto has four cards out; the rival (seat 1) owns two of them
    game = _game_at_lead(["krypto/open", "yoko/sealed"], ["krypto/sealed", "krypto/fixed_price"])
    action = HeuristicAgent().act(game.view(0), game.legal(0))
    assert action == Play(game.rules.codec.card(game.rules.codec.by_name["yoko/sealed"]))


def test_it_ends_the_round_when_it_scores_best() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 3)
    game = Game.from_position(
        rules=rules,
        hands=[["krypto/open", "yoko/sealed"], ["yoko/open"], ["yoko/open"]],
        played=["krypto/sealed", "krypto/fixed_price"],
        owned=[["krypto/open", "krypto/open"], [], []],
    )
    action = HeuristicAgent().act(game.view(0), game.legal(0))
    assert str(action) == "play krypto/open"


def test_it_leads_a_double_only_with_its_companion() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 3)
    alone = Game.from_position(
        rules=rules, hands=[["krypto/double", "yoko/sealed"], ["yoko/open"], ["yoko/open"]],
        played=["krypto/open"], owned=[["krypto/open"], [], []],
    )
    assert str(HeuristicAgent().act(alone.view(0), alone.legal(0))) == "play yoko/sealed"
    paired = Game.from_position(
        rules=rules,
        hands=[["krypto/double", "krypto/open", "yoko/sealed"], ["yoko/open"], ["yoko/open"]],
        played=["krypto/open"], owned=[["krypto/open"], [], []],
    )
    assert str(HeuristicAgent().act(paired.view(0), paired.legal(0))) == "play krypto/double"
    paired.apply("play krypto/double", 0)
    action = HeuristicAgent().act(paired.view(0), paired.legal(0))
    assert isinstance(action, Add) and action != PASS


def test_it_bids_less_for_its_own_lot_than_for_a_rivals() -> None:
    rules = rules_for(load_ruleset("hig-1992-en"), 4)
    board = {"krypto": [30000, 30000, 30000]}
    game = Game.from_position(
        rules=rules, round=4, board=board,
        hands=[["krypto/sealed", "yoko/open"], ["yoko/sealed"], ["yoko/open"], ["yoko/double"]],
        played=["krypto/open"] * 3,
    )
    game.apply("play krypto/sealed", 0)
    agent = HeuristicAgent()
    own = agent.act(game.view(0), game.legal(0))
    rival = agent.act(game.view(1), game.legal(1))
    assert isinstance(own, Bid) and isinstance(rival, Bid)
    # worth 120,000 to either (the only artist played): half for the own lot, shaded
    # 3/4 for a rival's
    assert own.amount < rival.amount < 120000


class _TurnByTurn(HeuristicAgent):
    """The heuristic as it was before limits: every open-auction answer a raise by the
    minimum step, or a pass, asked turn by turn."""

    def decide(self, facts: Facts, legal: Legal) -> Action:
        if legal.limit is None:
            return super().decide(facts, legal)
        return super().decide(facts, Legal(legal.seat, legal.actions, legal.bid))


def _play(agents: list[HeuristicAgent], variant: str, seed: int) -> tuple[Game, int]:
    game = Game.new(rules=rules_for(load_ruleset(variant), len(agents)), seed=seed)
    decisions = 0
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
        decisions += 1
    return game, decisions


def _sales_and_bids(game: Game) -> list[tuple[str, int, int]]:
    """Every bid and sale: who, how much (whether the engine bid on a limit or not)."""
    return [
        (e.kind, e["seat"], e["amount"] if e.kind == "bid" else e["price"])
        for e in game.events_of("bid", "sold")
    ]


@pytest.mark.parametrize("variant", ["hig-1992-en", "taiwan"])
def test_a_table_of_heuristics_says_limits_and_plays_the_same_game(variant: str) -> None:
    """Saying its limit in an open auction is the same game as raising by the minimum
    step turn by turn (the same bids, sales and outcome), in a quarter of the decisions:
    four heuristic seats make at most 250 decisions a game (about 630 turn by turn)."""
    for seed in range(4):
        said, decisions = _play([HeuristicAgent(seed * 10 + s) for s in range(4)], variant, seed)
        asked, turns = _play([_TurnByTurn(seed * 10 + s) for s in range(4)], variant, seed)
        assert said.outcome == asked.outcome
        assert _sales_and_bids(said) == _sales_and_bids(asked)
        assert any(isinstance(action, Limit) for _, action in said.log)
        assert decisions <= 250 < turns, (decisions, turns)
