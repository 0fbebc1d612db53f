"""Playing the games of a plan: one game, or a shard of consecutive games.

Every game runs on :meth:`Game.playout`: agents that read their seat receive
its view and legal moves, never the :class:`Game`; choice agents (random
agents) are asked plain questions about the shape of the legal moves and see no
state at all. A table of both kinds costs about the sum of its agents: the same
game a loop of ``apply`` would play, without the slow loop.

A failure (an agent that raises or plays an illegal action) does not lose the
games of the shard played before it: :func:`play_shard` returns them with the
failure's message, which names the game's index and seed.
"""

from __future__ import annotations

import attrs

from auctionrules.engine import Game, Rules
from auctionrules.lab.plan import Plan
from auctionrules.lab.result import GameResult, result_of
from auctionrules.lab.seeds import agent_seed
from auctionrules.text import player_name


class GameFailedError(Exception):
    """A game of the plan could not be played to its end."""


@attrs.frozen
class Shard:
    """The results of consecutive games, and the failure that stopped the shard, if any."""

    results: tuple[GameResult, ...]
    failure: str | None = None
    #: the shard was cut short by Ctrl-C: ``results`` are the games it finished, for
    #: the caller to keep before it stops in turn
    interrupted: bool = False


def play_one(plan: Plan, rules: Rules, index: int) -> GameResult:
    """Game ``index`` of ``plan``; :class:`GameFailedError` if it cannot be played."""
    seed = plan.seed_of(index)
    specs = plan.seats(index)
    game: Game | None = None
    try:
        agents = [spec.build(agent_seed(seed, s)) for s, spec in enumerate(specs)]
        game = Game.new(rules=rules, seed=seed)
        game.playout(agents)
    except Exception as exc:
        seat = game.to_act()[0] if game is not None and not game.is_over else None
        who = "" if seat is None else f", {player_name(seat)} ({specs[seat]})"
        raise GameFailedError(
            f"game {index} (seed {seed}{who}) failed: {type(exc).__name__}: {exc}"
        ) from exc
    return result_of(game, index, tuple(map(str, specs)))


def play_shard(plan: Plan, indices: range) -> Shard:
    """The games ``indices`` of ``plan``, in order, up to the first that fails."""
    rules = plan.rules()
    results: list[GameResult] = []
    try:
        for index in indices:
            try:
                results.append(play_one(plan, rules, index))
            except GameFailedError as exc:
                return Shard(tuple(results), str(exc))
    except KeyboardInterrupt:
        return Shard(tuple(results), interrupted=True)
    return Shard(tuple(results))
