"""The agents price a finished round exactly as the engine pays it.

:mod:`auctionrules.agents.valuation` values lots with the engine's own scoring
(``engine/scoring.py``), never a copy; this checks the result on real games, at
every ``scoring`` option value: each round the engine scores, the agents'
estimate of that round ended (the ``round-end`` event's counts, the cards each
seat bought, the board before it) equals the values and payouts of the engine's
``scored`` event.
"""

from __future__ import annotations

import itertools

import attrs
import pytest

from auctionrules.agents.facts import Facts
from auctionrules.agents.valuation import payouts_if_ended, placed_values
from auctionrules.engine import Action, Game, Legal, Play, RandomAgent, View
from auctionrules.engine.cards import artist_of
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.loader import load_ruleset

RANKINGS = ((30000, 20000, 10000), (40000, 20000), (30000, 20000, 10000, 5000))
TIE_BREAKS = ("board-order", "reverse-board-order")
VALUATIONS = ("cumulative", "cumulative-always", "this-round")
GAMES = 8


def rules_with(ranking: tuple[int, ...], tie_break: str, rank_unplayed: bool,
               valuation: str) -> Rules:
    base = load_ruleset("hig-1992-en")
    scoring = attrs.evolve(base.scoring, ranking=ranking, tie_break=tie_break,
                           rank_unplayed_artists=rank_unplayed, valuation=valuation)
    return rules_for(attrs.evolve(base, scoring=scoring), 4)


def rounds_checked(rules: Rules, seed: int) -> list[tuple[list[int], list[int], Facts]]:
    """Each scored round of a random game: the engine's values and payouts, and the
    facts an agent would have of that round ended."""
    game = Game.new(rules=rules, seed=seed)
    game.playout([RandomAgent(seed * 10 + s) for s in range(4)])
    ids = list(rules.codec.artist_ids)
    code = rules.codec.by_name
    board: list[list[int]] = []
    owned: list[list[int]] = [[] for _ in range(4)]
    counts: list[int] = []
    out = []
    for event in game.events_of("sold", "round-end", "scored"):
        if event.kind == "sold":
            owned[event["seat"]].extend(code[card] for card in event["cards"])
        elif event.kind == "round-end":
            counts = [event["counts"][a] for a in ids]
        else:
            facts = Facts(rules=rules, seat=0, round_index=len(board), counts=counts, hand=[],
                          owned=owned, board=[*board, [0] * len(ids)], cash=0, lot=None)
            values = [event["values"][a] for a in ids]
            out.append((values, list(event["payouts"]), facts))
            board.append([event["added"][a] for a in ids])
            owned = [[] for _ in range(4)]
    return out


@pytest.mark.parametrize(
    ("ranking", "tie_break", "rank_unplayed", "valuation"),
    list(itertools.product(RANKINGS, TIE_BREAKS, (False, True), VALUATIONS)),
)
def test_the_agents_estimate_of_a_finished_round_is_what_the_engine_pays(
    ranking: tuple[int, ...], tie_break: str, rank_unplayed: bool, valuation: str
) -> None:
    rules = rules_with(ranking, tie_break, rank_unplayed, valuation)
    unranked_paid = 0
    for seed in range(GAMES):
        for values, payouts, facts in rounds_checked(rules, seed):
            assert placed_values(facts, facts.counts) == values
            assert payouts_if_ended(facts) == payouts
            ranked = sorted(range(len(values)), key=lambda a: -facts.counts[a])
            unranked_paid += sum(
                1 for a in ranked[len(ranking):] if values[a] > 0
                and any(c // 5 == a for cards in facts.owned for c in cards)
            )
    if valuation == "cumulative-always" and not rank_unplayed:
        # the case a copy of the scoring once got wrong: an artist out of the places,
        # worth its column so far, in someone's collection
        assert unranked_paid > 0


class _Prober:
    """A random seat that, when the card it leads will end the round, writes down
    what an agent estimates from its view (:meth:`Facts.of_view`) of that round ended."""

    def __init__(self, seed: int, estimates: dict[int, tuple[list[int], list[int]]]) -> None:
        self.agent, self.estimates = RandomAgent(seed), estimates

    def act(self, view: View, legal: Legal) -> Action:
        action = self.agent.act(view, legal)
        if isinstance(action, Play):
            rules = view.rules
            artist = artist_of(rules.codec.codes[action.card])
            if view.counts[artist] + 1 >= rules.artist_cards:
                facts = Facts.of_view(view)
                counts = list(facts.counts)
                counts[artist] += 1
                self.estimates[view.round] = (
                    payouts_if_ended(facts, (artist,)), placed_values(facts, counts))
        return action


@pytest.mark.parametrize("variant", ["hig-1992-en", "hig-1992-fr", "taiwan", "boardpia-modern",
                                     "boardpia-renaissance", "cmon-2017"])
def test_from_a_seats_view_the_estimate_of_the_round_its_card_ends_is_what_is_paid(
    variant: str,
) -> None:
    """The same, through what an agent really reads: its seat's view at the lead that
    ends the round (the round's own deal, board and purchases), on every bundled
    edition at each of its player counts, under every valuation and with and without
    unplayed artists ranked."""
    base = load_ruleset(variant)
    checked = 0
    for valuation, rank_unplayed in itertools.product(VALUATIONS, (False, True)):
        scoring = attrs.evolve(base.scoring, valuation=valuation,
                               rank_unplayed_artists=rank_unplayed)
        for players in base.supported_players:
            rules = rules_for(attrs.evolve(base, scoring=scoring), players)
            ids = list(rules.codec.artist_ids)
            for seed in range(2):
                estimates: dict[int, tuple[list[int], list[int]]] = {}
                game = Game.new(rules=rules, seed=seed)
                game.playout([_Prober(seed * 7 + s, estimates) for s in range(players)])
                for number, event in enumerate(game.events_of("scored"), start=1):
                    if number in estimates:
                        payouts, values = estimates[number]
                        assert payouts == list(event["payouts"])
                        assert values == [event["values"][a] for a in ids]
                        checked += 1
    assert checked >= 40
