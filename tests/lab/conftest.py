"""Fixtures of the simulation lab's tests: an agent that fails on purpose."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from auctionrules.agents import register_agent, unregister_agent
from auctionrules.engine import Action, Legal, RandomAgent


class CrashingAgent:
    """Plays randomly from its view; in a share ``chance`` of its games (by its seed),
    raises at its ``crash_at``-th decision."""

    def __init__(
        self, seed: int | str | None = None, crash_at: int = 30, chance: float = 1.0
    ) -> None:
        self.inner = RandomAgent(seed)
        self.crash_at = crash_at if self.inner.rng.random() < chance else -1
        self.decisions = 0

    def act(self, view: Any, legal: Legal) -> Action:
        self.decisions += 1
        if self.decisions == self.crash_at:
            raise RuntimeError("the agent gave up")
        return self.inner.act(view, legal)


class ViewOnlyAgent:
    """A random player that is not a choice agent, so games run through the view
    loop; it records what it was handed."""

    seen: ClassVar[set[str]] = set()

    def __init__(self, seed: int | str | None = None) -> None:
        self.inner = RandomAgent(seed)

    def act(self, view: Any, legal: Legal) -> Action:
        ViewOnlyAgent.seen.add(type(view).__name__)
        return self.inner.act(view, legal)


@pytest.fixture
def crashing_agent() -> Iterator[str]:
    """The registry name of :class:`CrashingAgent`."""
    register_agent("lab-crash", CrashingAgent)
    yield "lab-crash"
    unregister_agent("lab-crash")


@pytest.fixture
def view_agent() -> Iterator[str]:
    """The registry name of :class:`ViewOnlyAgent`."""
    register_agent("lab-view", ViewOnlyAgent)
    yield "lab-view"
    unregister_agent("lab-view")
