"""Agents: anything with ``act(view, legal) -> Action``; those that choose from the
shape of the legal moves alone.

A :class:`ChoiceAgent` chooses from the *shape* of the legal moves (how many discrete
actions, which amount ranges), never from the state. That is what lets
:meth:`Game.playout <auctionrules.engine.Game.playout>` ask it with plain numbers
instead of building a :class:`Legal` per decision, the fast path of random rollouts.
The built-in agents are in :mod:`auctionrules.agents` (the random one,
:class:`~auctionrules.agents.random.RandomAgent`, is a choice agent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from mypy_extensions import mypyc_attr

from auctionrules.engine.actions import PASS, Action, bid_of, price_of
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
        span = legal.price
        if span is not None:
            return price_of(self.price(span))
        actions = legal.actions
        span = legal.bid
        if span is not None:
            amount = self.bid(span, bool(actions))
            if amount is not None:
                return bid_of(amount)
        if not actions:
            raise ValueError(f"no legal action: {legal!r}")
        return actions[self.pick(len(actions))]


def by_choice(agent: object) -> TypeGuard[ChoiceAgent]:
    """Whether ``agent`` is a :class:`ChoiceAgent` that keeps its ``act``, so a
    playout may ask it the plain questions."""
    return isinstance(agent, ChoiceAgent) and type(agent).act is ChoiceAgent.act


def plays_by_choice(agents: Sequence[Any]) -> TypeGuard[Sequence[ChoiceAgent]]:
    """Whether every agent is asked the plain questions in a playout (see
    :func:`by_choice`); a playout no longer needs it (any agent takes its seat on
    the fast path), but callers that choose a loop by it still may."""
    return all(map(by_choice, agents))


__all__ = ["PASS", "Agent", "ChoiceAgent"]
