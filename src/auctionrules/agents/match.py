"""One game played by agents that see only their views.

:func:`play_views` is the loop every view-reading agent needs: it asks the seat
to act with ``game.view(seat)`` and ``game.legal(seat)``, never the game itself,
and applies the answer checked (an illegal answer raises
:class:`~auctionrules.engine.IllegalActionError` and leaves the game as it was).
Many games, seats rotated and win rates, are the simulation lab's business.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from auctionrules.engine.actions import Action
from auctionrules.engine.agents import Agent
from auctionrules.engine.game import Game

#: Called after each accepted action: ``(game, seat, action)``.
Watcher = Callable[[Game, int, Action], None]


def play_views(game: Game, agents: Sequence[Agent], watch: Watcher | None = None) -> Game:
    """Play ``game`` to its end, ``agents[seat]`` choosing from its view; the game."""
    if len(agents) != game.state.n:
        raise ValueError(f"{len(agents)} agents for {game.state.n} seats: give one per seat")
    while not game.is_over:
        seat = game.to_act()[0]
        action = agents[seat].act(game.view(seat), game.legal(seat))
        game.apply(action, seat)
        if watch is not None:
            watch(game, seat, action)
    return game
