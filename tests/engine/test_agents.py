"""Choice agents: ``act`` is the composition of the three plain questions, and the
playout, which asks those questions directly, only ever plays legal actions."""

from __future__ import annotations

import copy
import pickle

import pytest

from auctionrules.engine import (
    Bid,
    ChoiceAgent,
    Game,
    Legal,
    Price,
    RandomAgent,
    compile_rules,
    dumps,
    play_game,
    replay,
)
from auctionrules.engine.actions import BUY, FLIP, PASS
from auctionrules.engine.agents import Span
from auctionrules.model import Ruleset

from .conftest import VARIANTS, ruleset, with_modules


class Scripted(ChoiceAgent):
    """Answers from fixed values and remembers the questions."""

    def __init__(self, index: int = 0, amount: int | None = None) -> None:
        self.index, self.amount = index, amount
        self.asked: list[tuple[object, ...]] = []

    def pick(self, count: int) -> int:
        self.asked.append(("pick", count))
        return self.index

    def bid(self, span: Span, optional: bool) -> int | None:
        self.asked.append(("bid", span, optional))
        return self.amount

    def price(self, span: Span) -> int:
        self.asked.append(("price", span))
        return span[1]


def test_act_names_a_price_when_a_price_is_asked() -> None:
    agent = Scripted()
    assert agent.act(None, Legal(0, (), price=(1, 30, 1))) == Price(30)
    assert agent.asked == [("price", (1, 30, 1))]


def test_act_bids_or_falls_back_to_a_discrete_action() -> None:
    bidder, passer = Scripted(amount=7), Scripted(amount=None)
    legal = Legal(2, (PASS,), bid=(5, 40, 1))
    assert bidder.act(None, legal) == Bid(7)
    assert passer.act(None, legal) is PASS
    assert passer.asked == [("bid", (5, 40, 1), True)]  # (declined: the one other action)


def test_a_bid_that_may_not_be_declined_is_asked_as_such() -> None:
    agent = Scripted(amount=9)
    assert agent.act(None, Legal(0, (), bid=(9, 9, 1))) == Bid(9)
    assert agent.asked == [("bid", (9, 9, 1), False)]


def test_act_picks_among_discrete_actions() -> None:
    assert Scripted(index=1).act(None, Legal(3, (BUY, PASS))) is PASS
    assert Scripted(index=0).act(None, Legal(3, (FLIP, PASS))) is FLIP


def test_act_without_any_legal_action_is_an_error() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        Scripted().act(None, Legal(0, ()))


class _Remembering(RandomAgent):
    """A subclass with a __dict__ (no __slots__): its own state is copied too."""

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.memory = ["seen"]


class _Counting(RandomAgent):
    __slots__ = ("calls",)

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.calls = 3


@pytest.mark.parametrize("cls", [RandomAgent, _Remembering, _Counting])
def test_a_random_agent_copied_mid_game_goes_on_with_the_same_draws(
    cls: type[RandomAgent],
) -> None:
    """The agent keeps its generator's method bound for speed: a copy or a pickle must
    bind the copied generator, not share the original's, and keep a subclass's state."""
    agent = cls("copy")
    for _ in range(5):
        agent.pick(9)
    twins = [copy.deepcopy(agent), pickle.loads(pickle.dumps(agent))]
    draws = [agent.bid((1, 100, 1), True) for _ in range(20)]
    for twin in twins:
        assert type(twin) is cls and twin.rng is not agent.rng
        if isinstance(twin, _Remembering):  # (type(twin) is cls, checked above)
            assert twin.memory == ["seen"]
        if isinstance(twin, _Counting):
            assert twin.calls == 3
        assert [twin.bid((1, 100, 1), True) for _ in range(20)] == draws


class Greedy(ChoiceAgent):
    """The edges: always the last discrete action, every bid and price at the maximum."""

    def pick(self, count: int) -> int:
        return count - 1

    def bid(self, span: Span, optional: bool) -> int | None:
        return span[1]

    def price(self, span: Span) -> int:
        return span[1]


class Meek(ChoiceAgent):
    """The other edges: the first action, bids only when it must, at the minimum."""

    def pick(self, count: int) -> int:
        return 0

    def bid(self, span: Span, optional: bool) -> int | None:
        return None if optional else span[0]

    def price(self, span: Span) -> int:
        return span[0]


CONFIGURATIONS = [(v, ruleset(v)) for v in VARIANTS] + [
    (f"{v}+{m}", with_modules(v, m)) for v in VARIANTS for m in ruleset(v).optional_modules
]


@pytest.mark.parametrize(("name", "rules"), CONFIGURATIONS, ids=[c[0] for c in CONFIGURATIONS])
def test_a_playout_plays_only_legal_actions_at_the_edges(name: str, rules: Ruleset) -> None:
    """Every action of the fast path is re-checked by replaying the record."""
    for players in rules.supported_players:
        compiled = compile_rules(rules, players)
        for seed, seats in enumerate(
            ([Greedy()] * players, [Meek()] * players, [Greedy(), Meek()] * players)
        ):
            game = Game.new(rules=compiled, seed=seed)
            game.playout(seats[:players])
            assert game.is_over
            again = replay(game.record())
            assert dumps(again.record()) == dumps(game.record())
            assert again.outcome == game.outcome


def test_a_playout_needs_one_agent_per_seat() -> None:
    game = Game.new(ruleset("hig-1992-en"), 4, seed=1)
    with pytest.raises(ValueError, match="3 agents for 4 seats"):
        game.playout([RandomAgent(s) for s in range(3)])
    assert not game.log  # nothing was played
    for check in (False, True):
        with pytest.raises(ValueError, match="5 agents for 4 seats"):
            play_game(ruleset("hig-1992-en"), 4, agents=[RandomAgent(s) for s in range(5)],
                      check=check)
