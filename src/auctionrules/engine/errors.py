"""Exceptions of the engine: one short class per failure, each under the nearest builtin.

They are kept apart so that a caller can tell a typo (:class:`MalformedActionError`)
from a move the rules forbid (:class:`IllegalActionError`) and from a game that
has ended (:class:`GameOverError`), as python-chess does for moves.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every engine error."""


class RulesError(EngineError, ValueError):
    """A ruleset cannot be compiled: an unknown strategy name or an unsupported player count."""


class MalformedActionError(EngineError, ValueError):
    """An action's text or value is not an action at all (bad syntax, unknown card)."""


class IllegalActionError(EngineError, ValueError):
    """A well-formed action that the rules forbid now; the message says why."""


class GameOverError(IllegalActionError):
    """An action was applied to a game that is over."""


class ReplayError(EngineError, ValueError):
    """A game record does not replay; the message names the action, its index and why."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
