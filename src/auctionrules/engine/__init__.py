"""The engine: a ruleset compiled into strategy objects, played through a small API.

Typical use::

    from auctionrules.engine import Game, RandomAgent
    from auctionrules.loader import load_ruleset

    game = Game.new(load_ruleset("hig-1992-en"), players=4, seed=1)
    agents = [RandomAgent(s) for s in range(4)]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    print(game.outcome)

or, for random rollouts, ``game.playout(agents)`` (the fast path of agents that
choose from the shape of the legal moves, see :class:`ChoiceAgent`).

See :class:`Game` for the API, :mod:`.registry` for custom strategies and
:mod:`.record` for game records.
"""

from auctionrules.compiled import is_compiled
from auctionrules.engine import game as _game_module
from auctionrules.engine.actions import Action, Add, Bid, Buy, Flip, Limit, Pass, Play, Price
from auctionrules.engine.agents import Agent, ChoiceAgent, RandomAgent
from auctionrules.engine.cards import Card
from auctionrules.engine.determinization import determinize
from auctionrules.engine.errors import (
    EngineError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    ReplayError,
    RulesError,
)
from auctionrules.engine.events import Event
from auctionrules.engine.game import Game
from auctionrules.engine.legal import Legal
from auctionrules.engine.outcome import Outcome, Reason
from auctionrules.engine.play import InvariantError, play_game
from auctionrules.engine.policies import BANK
from auctionrules.engine.record import dumps
from auctionrules.engine.registry import register
from auctionrules.engine.replay import replay
from auctionrules.engine.rules import Rules, compile_rules
from auctionrules.engine.views import View

#: Whether this install runs the engine compiled by mypyc (``False``: the same source as
#: plain Python, e.g. built with ``AUCTIONRULES_COMPILE=0`` or where no C compiler was
#: found; see the README's "Set-up").
COMPILED: bool = is_compiled(_game_module)

__all__ = [
    "BANK",
    "COMPILED",
    "Action",
    "Add",
    "Agent",
    "Bid",
    "Buy",
    "Card",
    "ChoiceAgent",
    "EngineError",
    "Event",
    "Flip",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "InvariantError",
    "Legal",
    "Limit",
    "MalformedActionError",
    "Outcome",
    "Pass",
    "Play",
    "Price",
    "RandomAgent",
    "Reason",
    "ReplayError",
    "Rules",
    "RulesError",
    "View",
    "compile_rules",
    "determinize",
    "dumps",
    "play_game",
    "register",
    "replay",
]
