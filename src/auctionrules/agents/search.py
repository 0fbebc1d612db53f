"""The pieces of a search over determinizations: tree nodes, the moves and amounts
searched, and the heuristic as the others' model.

Kept apart from :mod:`auctionrules.agents.ismcts`, the search itself, so that a
search of another shape (a different tree, a different budget) can take them.
"""

from __future__ import annotations

from typing import Any

from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import HeuristicAgent, open_answer
from auctionrules.compiled import Reduced, reduced
from auctionrules.engine.actions import Action, bid_of, price_of
from auctionrules.engine.cards import SEALED
from auctionrules.engine.game import Game
from auctionrules.engine.legal import Legal


class Node:
    """A tree node: reached by one of the agent's own actions; its statistics."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def candidates(legal: Legal, buckets: int) -> list[Action]:
    """The actions searched: the discrete ones, and amounts from each legal range
    (its minimum, its maximum and ``buckets`` evenly between)."""
    out: list[Action] = list(legal.actions)
    for span, make in ((legal.bid, bid_of), (legal.price, price_of)):
        if span is not None:
            out.extend(make(amount) for amount in amounts(span, buckets))
    return out


def amounts(span: tuple[int, int, int], buckets: int) -> list[int]:
    """``buckets`` legal amounts evenly over ``span``, with its minimum and maximum."""
    lo, hi, step = span
    steps = (hi - lo) // step
    picks = {0, steps}
    for k in range(1, buckets + 1):
        picks.add(round(steps * k / (buckets + 1)))
    return [lo + s * step for s in sorted(picks)]


#: A root move and what the agent does later in the same lot: ``(action, limit)``,
#: ``limit`` the open-auction limit it keeps raising to (``None``: the heuristic's
#: later decisions).
Plan = tuple[Action, float | None]


class Model:
    """The heuristic as the others' model and the rollout policy, with each seat's
    open-auction limit computed once a lot (it does not change while the lot is
    bid on, and the raises by the minimum step are most of a game's decisions).
    Pickled and copied with its agent (:class:`~auctionrules.agents.ismcts.ISMCTSAgent`)."""

    __slots__ = ("agent", "key", "limits")

    def __init__(self, agent: HeuristicAgent) -> None:
        self.agent = agent
        self.key: tuple[Any, int] | None = None
        self.limits: dict[int, float] = {}

    def __reduce__(self) -> Reduced:
        # its agent and the limits of the lot
        return reduced(self, (self.agent,))

    def decide(self, game: Game, seat: int, legal: Legal) -> Action:
        """The heuristic's move for ``seat`` in ``game`` (a game the caller owns)."""
        lot, span = game.state.lot, legal.bid
        if span is None or lot is None or lot.kind == SEALED:
            return self.agent.decide(Facts.of_game(game, seat), legal)
        key = (lot, len(lot.cards))
        if key != self.key:
            self.key, self.limits = key, {}
        limit = self.limits.get(seat)
        if limit is None:
            limit = self.limits[seat] = self.agent.limit(Facts.of_game(game, seat))
        return open_answer(limit, legal, auctioneer=lot.auctioneer, high_bidder=lot.high_bidder,
                           seat=seat, rules=game.rules)
