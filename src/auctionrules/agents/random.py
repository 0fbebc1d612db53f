"""The random agent: plays only legal actions and reaches every kind of them.

:class:`RandomAgent` leads any card (doubles included), adds companions, names fixed
prices and bids (sealed included) anywhere in the legal range. Half of its amounts are
drawn near the minimum and half over the whole range, so auctions stay varied without
every player going broke at once. It is a
:class:`~auctionrules.engine.agents.ChoiceAgent`: a playout asks it the plain
questions, without a ``Legal`` built per decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from auctionrules.compiled import set_state, state_of
from auctionrules.engine.agents import ChoiceAgent, Span

__all__ = ["RandomAgent", "default_agents"]


#: A random agent's fields: its ``__slots__``, what a copy or a pickle keeps (see
#: :mod:`auctionrules.compiled`).
FIELDS = ("bid_chance", "rng")


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent(ChoiceAgent):
    """Uniform-ish random legal play, reproducible from ``seed``."""

    __slots__ = FIELDS

    def __init__(self, seed: int | str | None = None, bid_chance: float = 0.5) -> None:
        #: the agent's own generator
        self.rng = random.Random(seed)
        self.bid_chance = bid_chance

    def __getstate__(self) -> dict[str, Any]:
        # the generator and the chance, and what a subclass keeps
        return state_of(self, FIELDS)

    def __setstate__(self, state: dict[str, Any]) -> None:
        set_state(self, state)

    def pick(self, count: int) -> int:
        """Uniform; no draw when there is no choice."""
        return int(self.rng.random() * count) if count > 1 else 0

    def bid(self, span: Span, optional: bool) -> int | None:
        """Bids with probability ``bid_chance`` when it may decline, then as :meth:`price`."""
        if optional and self.rng.random() >= self.bid_chance:
            return None
        return _amount(self.rng, span)

    def price(self, span: Span) -> int:
        """Half of the prices among the ten lowest, half over the whole range."""
        return _amount(self.rng, span)


def _amount(rng: random.Random, span: Span) -> int:
    """Half of the amounts among the ten lowest, half over the whole range."""
    lo, hi, step = span
    steps = (hi - lo) // step
    if rng.random() < 0.5 and steps > 10:
        steps = 10
    return lo + int(rng.random() * (steps + 1)) * step


def default_agents(players: int, seed: int) -> Sequence[RandomAgent]:
    """One random agent per seat, each seeded from the game seed and its seat."""
    return [RandomAgent(f"{seed}/{seat}") for seat in range(players)]
