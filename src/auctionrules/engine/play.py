"""Playing whole games with agents: :func:`play_game`."""

from __future__ import annotations

from collections.abc import Sequence

from auctionrules.engine.agents import Agent, default_agents
from auctionrules.engine.errors import EngineError
from auctionrules.engine.flow import OVER
from auctionrules.engine.game import Game
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.model import Ruleset


class InvariantError(EngineError, AssertionError):
    """An invariant failed during a checked game (a bug in the engine or a strategy)."""


def play_game(
    ruleset_or_rules: Ruleset | Rules,
    players: int | None = None,
    seed: int = 0,
    agents: Sequence[Agent] | None = None,
    check: bool = False,
) -> Game:
    """Play a whole game; agents default to seeded :class:`RandomAgent` s.

    Without ``check`` the game is played by :meth:`Game.playout` (the fast path;
    agents are handed their view, never the game). With ``check`` every action goes
    through :meth:`Game.apply` (checked), the invariants are checked after every
    action and :class:`InvariantError` names the first violation.
    """
    if isinstance(ruleset_or_rules, Rules):
        rules = ruleset_or_rules
    else:
        if players is None:
            raise TypeError("players is required with a ruleset")
        rules = rules_for(ruleset_or_rules, players)
    game = Game.new(rules=rules, seed=seed)
    agents = agents if agents is not None else default_agents(rules.players, seed)
    if not check:
        game.playout(agents)  # (which checks there is one agent per seat)
        return game
    if len(agents) != game.state.n:
        raise ValueError(f"{len(agents)} agents for {game.state.n} seats: give one per seat")
    to_act, legal, apply, view = game.to_act, game.legal, game.apply, game.view
    while game.state.phase != OVER:
        seat = to_act()[0]
        apply(agents[seat].act(view(seat), legal(seat)), seat)
        problems = game.check_invariants()
        if problems:
            raise InvariantError(
                f"after action {len(game.log) - 1} {game.log[-1][1]}: {'; '.join(problems)}"
            )
    return game
