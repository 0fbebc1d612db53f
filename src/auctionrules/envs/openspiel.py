"""Modern Art as an OpenSpiel Python game, ``python_modern_art``.

>>> import pyspiel
>>> import auctionrules.envs.openspiel  # registers the game
>>> game = pyspiel.load_game("python_modern_art", {"variant": "taiwan", "players": 3})

Parameters: ``variant`` (a bundled id or a variant file), ``players``,
``modules`` (ids or files separated by ``+``: ``mystery-hand+single-beneficiary``;
OpenSpiel's game strings keep a comma for between parameters), ``bid_buckets``,
``bid_amounts`` (``range`` or ``absolute``), ``limit_actions`` (see
:mod:`auctionrules.envs.encoding`) and ``reward`` (``win``: +1 winners, -1 the
others; ``rank``: +1 first place to -1 last; ``money-share``: each seat's share
of the final money). An illegal action raises
:class:`~auctionrules.engine.IllegalActionError` and leaves the state as it was,
as OpenSpiel's own games refuse one. A file is kept as its absolute path, so that a serialised
state reads back from any working directory.

**Chance** is explicit (:mod:`auctionrules.envs.chance`): the deal is a chance
node per card, in dealing order, each outcome a card kind with its probability
of being drawn from what is left; a move that turns over a random dummy card is
followed by a chance node whose outcomes are the dummy hand and card kind turned
over (``hand x kinds + kind``), with their probabilities. A solver can enumerate
both.

Actions are the shared encoding's indices (:mod:`auctionrules.envs.encoding`);
during a sealed auction the seats bid one at a time, lowest seat first, and no
observation shows a bid before the reveal. **What a seat sees** is its view
(:meth:`Game.view <auctionrules.engine.Game.view>`), the one place that decides:
the observers honour ``IIGObservationType`` (:mod:`.observers`). States are
serialised as their action history (OpenSpiel's default), which replays exactly.

:meth:`ModernArtState.resample_from_infostate` is built on
:meth:`Game.determinize <auctionrules.engine.Game.determinize>`, so
OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``) plays it.
OpenSpiel 2.0.2's C++ ``MCTSBot`` and ``ISMCTSBot`` crash on Python games:
use the Python algorithms.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, SupportsIndex

import pyspiel

from auctionrules import resources
from auctionrules.engine.game import Game
from auctionrules.engine.views import View
from auctionrules.envs import chance
from auctionrules.envs.encoding import DEFAULT_BUCKETS
from auctionrules.envs.holder import CHANCE, Holder, action_texts
from auctionrules.envs.observers import Record, make_observer
from auctionrules.envs.table import Table, check_reward, final_rewards, most_money, table_for

NAME = "python_modern_art"


#: The defaults of the game's parameters.
DEFAULTS: dict[str, Any] = {
    "variant": "hig-1992-fr",
    "players": 4,
    "modules": "",
    "bid_buckets": DEFAULT_BUCKETS,
    "bid_amounts": "range",
    "limit_actions": True,
    "reward": "win",
}

_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Modern Art (auctionrules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def max_game_length(table: Table) -> int:
    """A bound on the number of decisions (chance nodes not counted, as OpenSpiel
    counts), from the rules.

    A game has at most one lot per card dealt (:func:`chance.deal_size`: a card
    of a hand, or a dummy card turned over and laid). A lot takes a lead, at most ``n`` turns
    to add a second card, at most one flip decision after it, and its auction:
    once around, sealed (a tie bid again once) and fixed price take at most
    ``2n`` turns; an open auction at most ``n`` turns per bid (each bid or pass
    of the others around it), and every bid tops the last by at least the
    minimum raise, up to the most money a player can hold (:func:`most_money
    <auctionrules.envs.table.most_money>`).
    """
    rules = table.rules
    n = rules.players
    lots = chance.deal_size(rules)
    money = most_money(rules)
    raise_ = max(rules.minimum_raise, 1)
    per_lot = 1 + n + 1 + n * (money // raise_ + 2)
    return lots * per_lot


class ModernArtGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one set of parameters (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        values = {**DEFAULTS, **params}
        values["reward"] = check_reward(str(values["reward"]))
        modules = tuple(map(_where, re.split(r"[+,]", str(values["modules"]))))
        modules = tuple(module for module in modules if module)
        variant = _where(str(values["variant"]))
        if "variant" in params:
            params["variant"] = variant
        if "modules" in params:
            params["modules"] = "+".join(modules)
        table = table_for(variant, int(values["players"]), modules, int(values["bid_buckets"]),
                          str(values["bid_amounts"]), bool(values["limit_actions"]))
        rules = table.rules
        kinds = table.encoding.kinds
        random_flips = chance.draws_at_random(rules)
        share = values["reward"] == "money-share"
        info = pyspiel.GameInfo(
            num_distinct_actions=table.encoding.size,
            max_chance_outcomes=kinds * max(rules.dummies if random_flips else 1, 1),
            num_players=table.players,
            min_utility=0.0 if share else -1.0,
            max_utility=1.0,
            utility_sum=None,  # (general sum: the type is registered once for both schemes)
            max_game_length=max_game_length(table),
        )
        super().__init__(_GAME_TYPE, info, params)
        self.table = table
        # what every state of the game starts from: the table, the deal's size, whether
        # dummy cards are turned over at random, the reward scheme
        config = (table, chance.deal_size(rules), random_flips, str(values["reward"]))
        #: the words of every action (:func:`action_texts`)
        self.texts = action_texts(table)
        #: the start of every game, shared by new states until they move
        self.start = Holder(config, self.texts)
        self.start.initial = True
        #: the class of this game's new states: a :class:`ModernArtState` whose holder,
        #: until it first moves, is the game's start, read from the class (OpenSpiel
        #: makes a new state for nearly every question of a state's shape, and a
        #: Python ``__init__`` cost more than the rest of it)
        self.state_class: type[ModernArtState] = type(
            "ModernArtState", (ModernArtState,),
            {"__init__": pyspiel.State.__init__, "_shared": self.start})

    def new_initial_state(self) -> ModernArtState:
        """The chance node of the first card dealt."""
        return self.state_class(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The observer of ``iig_obs_type`` (see :mod:`.observers`)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return make_observer(self.table, iig_obs_type)


class ModernArtState(pyspiel.State):  # type: ignore[misc]
    """A state: dealing (chance), a game in progress, a random flip (chance), or over."""

    #: what the state holds (:class:`~auctionrules.envs.holder.Holder`): until its
    #: first move, the game's start, shared by every new state (see
    #: :attr:`ModernArtGame.state_class`)
    _shared: Holder

    def __init__(self, game: ModernArtGame) -> None:
        super().__init__(game)
        self._shared = game.start

    @property
    def engine_game(self) -> Game | None:
        """The engine's game (``None`` while dealing); read-only for callers."""
        return self._shared.game

    @property
    def record(self) -> Record | None:
        """What each seat has seen so far (``None`` while dealing; :mod:`.observers`)."""
        return self._shared.record

    def seat_view(self, seat: int | None) -> View:
        """What ``seat`` sees of this position (``None``: a spectator): the game's view
        (:meth:`Game.view`, for a seat or ``None``), made once per position."""
        shared = self._shared
        views = shared.token.views
        view = views.get(seat)
        if view is None:
            game = shared.game
            assert game is not None, "no view while the cards are being dealt"
            view = views[seat] = game.view(seat) if seat is not None else game.view(None)
        return view

    def current_player(self) -> int:
        """The seat to act (the lowest one during a sealed auction), chance or terminal."""
        return self._shared.player

    def _legal_actions(self, player: int) -> list[int]:
        shared = self._shared
        if player != shared.player or player < 0:
            return []
        legal = shared.legal
        if legal is None:
            assert shared.game is not None
            legal = shared.legal = shared.table.encoding.legal_indices(
                shared.game.legal(player))
        return legal  # (OpenSpiel copies it into a vector of its own)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card dealt, or the dummy card turned over, with probabilities."""
        shared = self._shared
        position = shared.token
        outcomes = position.outcomes
        if outcomes is None:
            if shared.game is None:
                outcomes = chance.deal_outcomes(shared.table.rules, shared.drawn)
            elif shared.pending is not None:
                outcomes = [(key, p) for key, (p, _) in sorted(shared.pending[2].items())]
            else:
                outcomes = []
            position.outcomes = outcomes
        return list(outcomes)  # (OpenSpiel asks several times a node; callers may keep it)

    def _apply_action(self, action: int) -> None:
        shared = self._shared = self._shared.to_change()
        action = int(action)
        if shared.made_before(action):
            return
        before = shared.token
        self._apply(action)
        shared.moved()
        shared.remember(before, action)

    def _apply(self, action: int) -> None:
        shared = self._shared
        if shared.game is None:
            if shared.drawn.count(action) >= shared.table.rules.deck.count(action):
                raise ValueError(f"chance outcome {action}: no such card is left to deal")
            shared.drawn.append(action)
            if len(shared.drawn) == shared.total:
                shared.game = game = chance.dealt_game(shared.table.rules, shared.drawn)
                if shared.random_flips:
                    game.set_chance(chance.Draws())
                shared.record = Record(game)
                shared.owned = True
            return
        game = shared.game
        if shared.pending is not None:
            seat, move, outcomes = shared.pending
            if action not in outcomes:
                raise ValueError(f"chance outcome {action} is not one of {sorted(outcomes)}")
            shared.pending = None
            shared._recorded(chance.play_outcome(shared.own(), move, seat, outcomes[action][1]))
            return
        seat = game.to_act()[0]
        shared.play(shared.table.encoding.masker.action(game.legal(seat), action), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        shared = self._shared
        decisions, deals, flips = shared.texts
        if player == CHANCE:
            return deals[action] if shared.game is None else flips[action]
        return decisions[action]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        game = self._shared.game
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        """The final rewards (0 for everyone before the end)."""
        shared = self._shared
        game = shared.game
        if game is None or not game.is_over:
            return [0.0] * shared.table.players
        return final_rewards(game, shared.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ModernArtState:
        """A state consistent with everything ``player_id`` has seen, the rest drawn
        again (:meth:`Game.determinize`; the sampler's number seeds it). The other
        seats' information states in it start from the hands drawn for them. While
        dealing, a copy of the state."""
        shared = self._shared
        twin = self.clone()
        if shared.game is None:
            return twin  # type: ignore[no-any-return]
        seed = int(probability_sampler() * 2**31)
        other = twin._shared = twin._shared.to_change()
        other.own()  # (the record)
        other.game = game = shared.game.determinize(player_id, seed)
        assert other.record is not None
        other.record.resampled(game, player_id)
        if other.random_flips:
            game.set_chance(chance.Draws())
        if shared.pending is not None:
            seat, move, _ = shared.pending
            other.pending = None
            other.play(move, seat)
        other.moved()
        return twin  # type: ignore[no-any-return]

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # (pickled as this class: a game's new states are of a class made for the game,
        # which pickle cannot name, and hold the game's start in that class until they
        # move: the state pickled holds it itself)
        self._shared = self._shared
        _, args, *rest = super().__reduce_ex__(protocol)
        return (_blank_state, tuple(args[1:]), *rest)

    def __str__(self) -> str:
        position = self._shared.token
        text = position.text
        if text is None:
            text = position.text = self._text()
        return text

    def _text(self) -> str:
        shared = self._shared
        if shared.record is None:
            return f"dealing: {len(shared.drawn)} of {shared.total} cards dealt"
        text = shared.record.public_text()
        if shared.pending is not None:
            return f"{text}\n(chance to turn a dummy card over after {shared.pending[1]})"
        return text


def _where(name: str) -> str:
    """A bundled id as it is (a bundled one wins over a file of that name, as the
    loader reads it); a variant or module file as its absolute path."""
    name = name.strip()
    if name in resources.bundled_variant_ids() or name in resources.bundled_module_ids():
        return name
    path = Path(name)
    return str(path.resolve()) if name and path.is_file() else name


def _blank_state(*args: Any) -> ModernArtState:
    """A state not yet read back from its pickle (see ``ModernArtState.__reduce_ex__``)."""
    return ModernArtState.__new__(ModernArtState, *args)


def load(
    variant: str = "hig-1992-fr", players: int = 4, modules: Sequence[str] = (), **params: Any
) -> ModernArtGame:
    """``pyspiel.load_game(NAME, ...)`` with Python arguments."""
    values = {"variant": variant, "players": players, "modules": "+".join(modules), **params}
    game: ModernArtGame = pyspiel.load_game(NAME, values)
    return game


pyspiel.register_game(_GAME_TYPE, ModernArtGame)
