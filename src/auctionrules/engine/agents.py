"""Agents: anything with ``act(view, legal) -> Action``; a seeded random one.

:class:`RandomAgent` plays only legal actions and reaches every kind of them:
leads any card (doubles included), adds companions, names fixed prices and bids
(sealed included) anywhere in the legal range. Half of its amounts are drawn
near the minimum and half over the whole range, so auctions stay varied
without every player going broke at once.

It is a :class:`ChoiceAgent`: its choice depends only on the *shape* of the
legal moves (how many discrete actions, which amount ranges), never on the
state. That is what lets :meth:`Game.playout <auctionrules.engine.Game.playout>`
ask it with plain numbers instead of building a :class:`Legal` per decision,
the fast path of random rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from mypy_extensions import mypyc_attr

from auctionrules.compiled import set_state, state_of
from auctionrules.engine.actions import PASS, Action, Bid, Price
from auctionrules.engine.legal import Legal

if TYPE_CHECKING:
    from auctionrules.engine.views import View

#: ``(minimum, maximum, step)`` of a legal amount.
Span = tuple[int, int, int]


class Agent(Protocol):
    """The agent interface: every loop of the library hands an agent its
    :class:`~auctionrules.engine.views.View` and its legal moves, never the game."""

    def act(self, view: View, legal: Legal, /) -> Action:
        """Choose one of the legal actions."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)
class ChoiceAgent:
    """Base of agents that choose from the shape of the legal moves alone.

    Subclasses answer three plain questions; :meth:`act` composes them and must
    not be overridden, so that a step-by-step game and
    :meth:`Game.playout <auctionrules.engine.Game.playout>` (which asks the three
    questions directly) play the very same game.
    """

    __slots__ = ()

    def pick(self, count: int) -> int:
        """The index of one of ``count`` discrete actions (``count >= 1``)."""
        raise NotImplementedError

    def bid(self, span: Span, optional: bool) -> int | None:
        """A bid in ``span``, or ``None`` to choose a discrete action instead
        (only when ``optional``: there is one, usually ``pass``)."""
        raise NotImplementedError

    def price(self, span: Span) -> int:
        """A fixed price in ``span``."""
        raise NotImplementedError

    def act(self, state: Any, legal: Legal) -> Action:
        """The action the three questions choose."""
        return choose(self, legal.actions, legal.bid, legal.price)


def choose(
    agent: ChoiceAgent, actions: tuple[Action, ...], bid: Span | None, price: Span | None
) -> Action:
    """The action ``agent``'s three questions choose among ``actions`` and the amounts of
    ``bid`` and ``price`` (the parts of a ``Legal``; a playout asks so without one). A
    function, not a method: an agent's class may be subclassed in Python, and each
    method called on it costs a lookup in compiled code. (A bid or a price is made
    here, not taken from the shared ones of :func:`~auctionrules.engine.actions.bid_of`:
    in compiled code a native object costs less than a call of the cache.)"""
    if price is not None:
        return Price(agent.price(price))
    if bid is not None:
        amount = agent.bid(bid, bool(actions))
        if amount is not None:
            return Bid(amount)
        if len(actions) == 1:  # (declined: the one other action, nothing to pick)
            return actions[0]
    if not actions:
        raise ValueError(f"no legal action: {actions!r}")
    return actions[agent.pick(len(actions))]


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


def by_choice(agent: object) -> TypeGuard[ChoiceAgent]:
    """Whether ``agent`` is a :class:`ChoiceAgent` that keeps its ``act``, so a
    playout may ask it the plain questions."""
    return isinstance(agent, ChoiceAgent) and type(agent).act is ChoiceAgent.act


__all__ = ["PASS", "Agent", "ChoiceAgent", "RandomAgent", "default_agents"]
