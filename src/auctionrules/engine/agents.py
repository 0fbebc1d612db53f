"""Agents: anything with ``act(game_or_view, legal) -> Action``; a seeded random one.

:class:`RandomAgent` plays only legal actions and reaches every kind of them:
leads any card (doubles included), adds companions, names fixed prices and bids
(sealed included) anywhere in the legal range. Half of its amounts are drawn
near the minimum and half over the whole range, so auctions stay varied
without every player going broke at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from auctionrules.engine.actions import PASS, Action, Bid, Price
from auctionrules.engine.legal import Legal


class Agent(Protocol):
    """The agent interface."""

    def act(self, state: Any, legal: Legal) -> Action:
        """Choose one of the legal actions; ``state`` is a Game or a View."""
        ...


#: Shared bid and price values per amount (an agent makes one per decision).
_bid = lru_cache(maxsize=4096)(Bid)
_price = lru_cache(maxsize=4096)(Price)


class RandomAgent:
    """Uniform-ish random legal play, reproducible from ``seed``."""

    __slots__ = ("bid_chance", "rng")

    def __init__(self, seed: int | str | None = None, bid_chance: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.bid_chance = bid_chance

    def act(self, state: Any, legal: Legal) -> Action:
        """A random legal action."""
        rnd = self.rng.random
        amounts = legal.price
        if amounts is not None:
            make: Any = _price
        else:
            actions = legal.actions
            amounts = legal.bid
            if amounts is None or (actions and rnd() >= self.bid_chance):
                amounts = None
            make = _bid
        if amounts is not None:
            # half of the amounts near the minimum, half over the whole range
            lo, hi, step = amounts
            steps = (hi - lo) // step
            if rnd() < 0.5 and steps > 10:
                steps = 10
            action: Action = make(lo + int(rnd() * (steps + 1)) * step)
            return action
        if not actions:
            raise ValueError(f"no legal action: {legal!r}")
        return actions[int(rnd() * len(actions))] if len(actions) > 1 else actions[0]


def default_agents(players: int, seed: int) -> Sequence[RandomAgent]:
    """One random agent per seat, each seeded from the game seed and its seat."""
    return [RandomAgent(f"{seed}/{seat}") for seat in range(players)]


__all__ = ["PASS", "Agent", "RandomAgent", "default_agents"]
