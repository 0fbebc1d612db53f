"""What this process registered that a worker must be told: the plan's agents and
the custom strategies, carried with the plan.

A worker process started by forking inherits this process's registries; one
started by ``forkserver`` (Python 3.14's default on Linux) or ``spawn`` (macOS,
Windows), and a Dask worker, knows only what importing auctionrules registers.
So a plan carries the factory of every agent it seats and every custom strategy
(``namespace.name``) registered here, and a worker registers whichever it does not
know before it plays (:meth:`Registrations.adopt`); it never replaces one it knows.

What travels is pickled: a class or function at the top level of a module goes as
its module and name, and the worker imports it. A lambda, a class or function
defined inside another, or one defined in a notebook cannot be sent: the plan
names it among what it could not send, and a worker that does not know it
already (one that was not forked) refuses to play, with a message that says so.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Iterable
from typing import Any

import attrs

from auctionrules.agents.registry import AgentEntry, AgentError, entry, register_agent
from auctionrules.engine.registry import AXES, lookup, register, registered


def _sendable(value: object) -> bool:
    """Whether a worker that was not forked can receive ``value``: it pickles (a class
    or function: by its module and name), and if it was defined in ``__main__``, that
    is a file the worker imports again (not a notebook or an interactive session)."""
    if getattr(value, "__module__", None) == "__main__" and not hasattr(
        sys.modules["__main__"], "__file__"
    ):
        return False
    try:
        pickle.dumps(value)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def _known_agent(name: str) -> AgentEntry | None:
    try:
        return entry(name)
    except AgentError:
        return None


@attrs.frozen
class Registrations:
    """The registrations a plan needs, as sent to its workers."""

    #: the entries of the agents the plan seats
    agents: tuple[AgentEntry, ...] = ()
    #: every custom strategy registered here: ``(axis, name, class)``
    strategies: tuple[tuple[str, str, type[Any]], ...] = ()
    #: the agents whose factory could not be sent, by name
    unsent_agents: tuple[str, ...] = ()
    #: the custom strategies whose class could not be sent: ``(axis, name)``
    unsent_strategies: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, agent_names: Iterable[str]) -> Registrations:
        """The registrations of the agents ``agent_names`` and of every custom strategy,
        as this process has them now."""
        agents: list[AgentEntry] = []
        unsent_agents: list[str] = []
        for name in sorted(set(agent_names)):
            found = entry(name)
            if _sendable(found.factory):
                agents.append(found)
            else:
                unsent_agents.append(name)
        strategies: list[tuple[str, str, type[Any]]] = []
        unsent_strategies: list[tuple[str, str]] = []
        for axis in AXES:
            for name in registered(axis):
                if "." not in name:  # (built in: every worker has it)
                    continue
                klass = lookup(axis, name)
                if _sendable(klass):
                    strategies.append((axis, name, klass))
                else:
                    unsent_strategies.append((axis, name))
        return cls(tuple(agents), tuple(strategies), tuple(unsent_agents),
                   tuple(unsent_strategies))

    def adopt(self) -> list[str]:
        """Register, in this process, what was sent and is not registered here (in a
        worker that was not forked); leave every registration there is as it is (in
        the process that made the plan, and in a forked worker, it is what was sent
        or what replaced it since, as a run in one process would use). Return what
        could not be sent and is not known here either, for a message."""
        for agent in self.agents:
            if _known_agent(agent.name) is None:
                register_agent(agent.name, agent.factory, agent.summary)
        for axis, name, klass in self.strategies:
            if name not in registered(axis):
                register(axis, name, klass)
        missing = [f"agent {name!r}" for name in self.unsent_agents
                   if _known_agent(name) is None]
        missing += [f"{axis} strategy {name!r}" for axis, name in self.unsent_strategies
                    if name not in registered(axis)]
        return missing
