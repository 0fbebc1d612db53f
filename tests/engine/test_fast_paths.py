"""The speed paths agree with the plain ones: ``play_game`` (``Game.playout``: choice
agents asked with plain numbers, the decisions generator never suspending, compact and deferred raw
events) and ``Game.apply_unchecked`` give the same game, byte for byte, as
``Game.apply`` of the action *text* (parsed, checked, events built per action),
for many seeds of every bundled variant, with and without its optional modules,
at every player count; and ``Game.playout`` taking over at any moment plays the
game the step-by-step loop plays."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from auctionrules.engine import (
    Event,
    Game,
    IllegalActionError,
    Legal,
    RandomAgent,
    compile_rules,
    dumps,
    play_game,
)
from auctionrules.engine.actions import Action
from auctionrules.engine.agents import default_agents
from auctionrules.engine.hiding import events_seen
from auctionrules.engine.history import COMPACT
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

from .conftest import VARIANTS, ruleset, with_modules

#: A house variant that sets every option value the editions do not use.
EVERY_OPTION = Path(__file__).resolve().parents[1] / "loader" / "valid" / "every-option.yaml"
#: House rules whose values cannot sit in the same file as every-option's.
HOUSE_RULES = EVERY_OPTION.with_name("house-rules.yaml")


def _configurations() -> list[tuple[str, Ruleset]]:
    out = []
    for variant in VARIANTS:
        out.append((variant, ruleset(variant)))
        for module in ruleset(variant).optional_modules:
            out.append((f"{variant}+{module}", with_modules(variant, module)))
    # the options no edition uses, which only this file exercises in a playout; with
    # the companion rule off too, since under it the leader always adds the second card
    every = load_ruleset(EVERY_OPTION)
    double = attrs.evolve(every.auctions.double, lead_requires_companion=False)
    out += [
        ("every-option", every),
        ("every-option+single-beneficiary",
         load_ruleset(EVERY_OPTION, modules=["single-beneficiary"])),
        ("every-option-no-companion-rule",
         attrs.evolve(every, auctions=attrs.evolve(every.auctions, double=double))),
        ("house-rules", load_ruleset(HOUSE_RULES)),
    ]
    return out


CASES = [
    pytest.param(rules, players, id=f"{name}-{players}p")
    for name, rules in _configurations()
    for players in rules.supported_players
]


def _replayed(game: Game, *, unchecked: bool = False) -> tuple[Game, list[Event]]:
    """A fresh game of the same rules and seed with ``game``'s actions re-applied; the
    events returned by every ``apply``."""
    again = Game.new(rules=game.rules, seed=game.state.seed)
    returned: list[Event] = []
    for seat, action in game.log:
        if unchecked:
            again.apply_unchecked(action, seat)
        else:
            returned.extend(again.apply(str(action), seat))
    return again, returned


@pytest.mark.parametrize(("ruleset_", "players"), CASES)
def test_step_and_apply_of_text_give_the_same_game(ruleset_: Ruleset, players: int) -> None:
    rules = compile_rules(ruleset_, players)
    for seed in range(8):
        game = play_game(rules, seed=seed)
        again, returned = _replayed(game)
        assert dumps(again.record()) == dumps(game.record())
        assert again.snapshot() == game.snapshot()
        assert again.events == game.events
        # the events returned action by action are the log after the deal
        assert tuple(returned) == game.events[1:]
        unchecked, _ = _replayed(game, unchecked=True)
        assert unchecked.snapshot() == game.snapshot()


def test_compact_events_have_their_fields_in_order() -> None:
    seen = set()
    for seed in range(3):
        game = play_game(with_modules("hig-1992-en", "mystery-hand"), 3, seed)
        # (every seat's own events: a spectator does not see a sealed bid's amount)
        for seat in range(game.state.n):
            for event in events_seen(game, seat)[0]:
                if event.kind in COMPACT and event["seat"] == seat:
                    assert tuple(event.fields) == COMPACT[event.kind]
                    seen.add(event.kind)
        for event in game.events_of("sealed-bid"):
            assert tuple(event.fields) == ("seat",)
    # (random players never say a limit: see tests/engine/test_limits.py)
    assert seen == set(COMPACT) - {"limit"}


@pytest.mark.parametrize(("ruleset_", "players"), CASES)
def test_the_action_log_reads_back_every_action_stepped(ruleset_: Ruleset, players: int) -> None:
    """``Game.log`` is read back from the history (one compact entry per action): it
    gives back the very actions stepped, sealed passes, chosen flips and adds included,
    and no event that is not an action (an automatic flip) counts as one."""
    rules = compile_rules(ruleset_, players)
    for seed in range(4):
        game = Game.new(rules=rules, seed=seed)
        agents = default_agents(players, seed)
        stepped: list[tuple[int, Action]] = []
        while not game.is_over:
            seat = game.to_act()[0]
            action = agents[seat].act(game, game.legal(seat))
            game.apply(action, seat)
            stepped.append((seat, action))
            if len(stepped) % 7 == 0:  # read midway too: the log is kept, not rebuilt
                assert game.log == stepped
        assert game.log == stepped
        assert sum(1 for e in game._raw if e[2].__class__ is int) == len(stepped)


def _step_loop(game: Game, agents: Any, stop: int | None = None) -> None:
    """The plain loop: ``to_act()[0]``, ``legal``, ``act``, ``step`` (``stop`` actions)."""
    while not game.is_over and (stop is None or len(game.log) < stop):
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game, game.legal(seat)), seat)


@pytest.mark.parametrize(("ruleset_", "players"), CASES)
def test_playout_takes_over_at_any_moment(ruleset_: Ruleset, players: int) -> None:
    """Mid-auction too: a once-around half asked, sealed bids half given, a fixed
    price named, a double waiting for its second card."""
    rules = compile_rules(ruleset_, players)
    moments = random.Random(players)
    for seed in range(6):
        plain = Game.new(rules=rules, seed=seed)
        _step_loop(plain, default_agents(players, seed))
        handed = Game.new(rules=rules, seed=seed)
        agents = default_agents(players, seed)
        _step_loop(handed, agents, stop=moments.randrange(len(plain.log)))
        handed.to_act(), handed.legal(handed.to_act()[0])  # caches the playout must drop
        handed.playout(agents)
        assert dumps(handed.record()) == dumps(plain.record())
        assert handed.snapshot() == plain.snapshot()
        assert handed.events == plain.events


class _Counting(RandomAgent):
    """Overrides ``act``: a playout must not go round it."""

    __slots__ = ("calls",)

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.calls = 0

    def act(self, state: Any, legal: Legal) -> Action:
        self.calls += 1
        return super().act(state, legal)


def test_an_agent_that_overrides_act_is_asked_every_action() -> None:
    rules = compile_rules(ruleset("hig-1992-en"), 4)
    agents = [_Counting(f"1/{seat}") for seat in range(4)]
    game = play_game(rules, seed=1, agents=agents)
    assert sum(agent.calls for agent in agents) == len(game.log) > 0
    # and the game is the one the plain random agents play
    assert dumps(game.record()) == dumps(play_game(rules, seed=1).record())


def test_a_plain_agents_actions_are_checked_in_a_playout() -> None:
    """Not a choice agent at all: the playout hands it its view and legal moves at
    its decisions and checks what it answers."""

    class Cheat:
        def act(self, state: Any, legal: Legal) -> Action:
            return Action.parse("bid 999999") if legal.bid else next(iter(legal))

    game = Game.new(ruleset("hig-1992-en"), 4, seed=2)
    with pytest.raises(IllegalActionError, match="bid"):
        game.playout([Cheat()] * 4)


@pytest.mark.parametrize(("ruleset_", "players"), CASES)
def test_a_clone_plays_on_alone(ruleset_: Ruleset, players: int) -> None:
    """``Game.clone`` copies only what moves change: at any moment (mid-auction too)
    the clone equals a deep copy, plays on to the same game, and neither game
    sees the other's moves."""
    rules = compile_rules(ruleset_, players)
    moments = random.Random(players + 100)
    for seed in range(4):
        game = Game.new(rules=rules, seed=seed)
        agents = default_agents(players, seed)
        _step_loop(game, agents, stop=moments.randrange(40, 200))
        twin, deep = game.clone(), copy.deepcopy(game)
        assert twin.snapshot() == deep.snapshot() == game.snapshot()
        before, events = game.snapshot(), game.events
        twin.playout(copy.deepcopy(agents))
        assert game.snapshot() == before and game.events == events
        deep.playout(copy.deepcopy(agents))
        game.playout(agents)
        for other in (twin, deep):
            assert dumps(other.record()) == dumps(game.record())
            assert other.snapshot() == game.snapshot()
            assert other.events == game.events
        assert game.check_invariants() == twin.check_invariants() == []


def test_the_deal_shuffles_as_random_shuffle() -> None:
    """``cards.shuffle`` (the new game's deal, written out for speed) gives the very
    order ``random.Random.shuffle`` gives, and leaves the generator in the same state."""
    from auctionrules.engine.cards import shuffle

    for seed in [*range(500), "a seed", 2**70]:
        for size in (0, 1, 2, 3, 17, 70, 99):
            ours, theirs = list(range(size)), list(range(size))
            mine, stdlib = random.Random(seed), random.Random(seed)
            shuffle(ours, mine)
            stdlib.shuffle(theirs)
            assert ours == theirs
            assert mine.getstate() == stdlib.getstate()
