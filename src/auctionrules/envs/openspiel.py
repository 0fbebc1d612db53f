"""Modern Art as an OpenSpiel Python game, ``python_modern_art``.

>>> import pyspiel
>>> import auctionrules.envs.openspiel  # registers the game
>>> game = pyspiel.load_game("python_modern_art", {"variant": "taiwan", "players": 3})

Parameters: ``variant`` (a bundled id or a variant file), ``players``,
``modules`` (comma-separated ids or files), ``bid_buckets``, ``reward``
(``win``: +1 winners, -1 the others; ``share``: each seat's share of the final
money) and ``deals``.

**Chance** is one explicit chance node at the start, a sampled-chance design:
its outcome ``s`` (uniform over ``0 .. deals-1``) is the seed of the engine's
game, which fixes the deal and every later random draw (which dummy card is
turned over, where the ruleset makes it random). ``deals`` (default 1,024)
bounds the chance outcomes; every outcome is a full, fair shuffle.

Actions are the shared encoding's indices (:mod:`auctionrules.envs.encoding`);
during a sealed auction the seats bid one at a time, lowest seat first, and no
observation shows a bid before the reveal. The observation tensor is the
shared observation vector; the observation string names its non-zero parts.
The information-state string is the seat's own hand and every public event
so far (perfect recall; no information-state tensor). States are serialised as
their action history (OpenSpiel's default), which replays exactly.

:meth:`ModernArtState.resample_from_infostate` is built on
:meth:`Game.determinize <auctionrules.engine.Game.determinize>`, so
OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``) plays it.
OpenSpiel 2.0.2's C++ ``MCTSBot`` and ``ISMCTSBot`` crash on Python games:
use the Python algorithms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from auctionrules.engine.game import Game
from auctionrules.envs.encoding import DEFAULT_BUCKETS
from auctionrules.envs.table import REWARDS, Table, final_rewards

NAME = "python_modern_art"

#: The defaults of the game's parameters.
DEFAULTS: dict[str, Any] = {
    "variant": "hig-1992-fr",
    "players": 4,
    "modules": "",
    "bid_buckets": DEFAULT_BUCKETS,
    "reward": "win",
    "deals": 1024,
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
    """A bound on the number of moves (chance included). Every card is laid at most
    once; a lot takes at most ``n`` adding turns, then either ``n`` turns (once
    around, sealed, fixed price) or, in an open auction, a bid per bid unit of the
    most money a player can hold (each bid is higher) with ``n`` turns around it.
    That money is bounded by all the starting cash plus, for every card, every
    round's highest value in every round."""
    rules = table.rules
    n, cards = rules.players, len(rules.deck)
    top_value = max(rules.ranking, default=0) * rules.rounds
    money = n * rules.starting_cash + cards * rules.rounds * top_value
    per_lot = 1 + n + n * (money // rules.unit + 2)
    return 1 + cards * (per_lot + 1)


class ModernArtGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one set of parameters (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**DEFAULTS, **(params or {})}
        if values["reward"] not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}")
        modules = [m.strip() for m in str(values["modules"]).split(",") if m.strip()]
        table = Table(values["variant"], int(values["players"]), modules,
                      int(values["bid_buckets"]))
        self.deals = int(values["deals"])
        win = values["reward"] == "win"
        info = pyspiel.GameInfo(
            num_distinct_actions=table.encoding.size,
            max_chance_outcomes=self.deals,
            num_players=table.players,
            min_utility=-1.0 if win else 0.0,
            max_utility=1.0,
            utility_sum=None,  # (general sum: the type is registered once for both schemes)
            max_game_length=max_game_length(table),
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.table = table
        self.reward_scheme = str(values["reward"])

    def new_initial_state(self) -> ModernArtState:
        """The chance node that picks the deal."""
        return ModernArtState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The information-state observer (perfect recall) or the observation observer."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
        return ObservationObserver(self.table)


class _Shared:
    """The engine game, the table and the public log of one state. pyspiel copies a
    Python state by deep-copying its attributes: this holder's copy clones the game
    (:meth:`Game.clone`, tens of microseconds) and shares the table, where a deep copy
    of the whole game and its rules took seconds a simulation."""

    __slots__ = ("game", "log", "table")

    def __init__(self, table: Table, game: Game | None, log: list[str]) -> None:
        self.table = table
        self.game = game
        self.log = log

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        game = None if self.game is None else self.game.clone()
        return _Shared(self.table, game, list(self.log))


class ModernArtState(pyspiel.State):  # type: ignore[misc]
    """A state: before the deal (chance), a game in progress, or over."""

    def __init__(self, game: ModernArtGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.table, None, [])
        self._deals = game.deals
        self._reward = game.reward_scheme

    @property
    def engine_game(self) -> Game | None:
        """The engine's game (``None`` before the deal); read-only for callers."""
        return self._shared.game

    def current_player(self) -> int:
        """The seat to act (the lowest one during a sealed auction), chance or terminal."""
        game = self._shared.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.to_act()[0]

    def _legal_actions(self, player: int) -> list[int]:
        game = self._shared.game
        if game is None or game.is_over or player != game.to_act()[0]:
            return []
        return self._shared.table.encoding.legal_indices(game, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: one of ``deals`` seeds, uniformly."""
        p = 1.0 / self._deals
        return [(seed, p) for seed in range(self._deals)]

    def _apply_action(self, action: int) -> None:
        shared = self._shared
        if shared.game is None:
            shared.game = game = shared.table.new_game(int(action))
            shared.log.extend(str(e) for e in game.events)
            return
        game = shared.game
        seat = game.to_act()[0]
        move = shared.table.encoding.action(game.legal(seat), int(action))
        shared.log.extend(str(e) for e in game.apply(move, seat))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._shared.table.encoding.meaning(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        game = self._shared.game
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        """The final rewards (0 for everyone before the end)."""
        game = self._shared.game
        if game is None or not game.is_over:
            return [0.0] * self._shared.table.players
        return final_rewards(game, self._reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ModernArtState:
        """A state consistent with everything ``player_id`` has seen, the rest drawn
        again (:meth:`Game.determinize`; the sampler's number seeds it)."""
        shared = self._shared
        twin = ModernArtState(self.get_game())
        if shared.game is None:
            return twin
        seed = int(probability_sampler() * 2**31)
        twin._shared = _Shared(shared.table, shared.game.determinize(player_id, seed),
                               list(shared.log))
        return twin

    def __str__(self) -> str:
        return "\n".join(self._shared.log)


class ObservationObserver:
    """The shared observation vector (:mod:`auctionrules.envs.reader`) as the tensor."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self.tensor = table.encoding.new_observation()
        self.dict = table.encoding.split(self.tensor)

    def set_from(self, state: ModernArtState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation."""
        game = state.engine_game
        if game is None:
            self.tensor.fill(0.0)
        else:
            self._table.reader.observe(game.view(player), self.tensor)

    def string_from(self, state: ModernArtState, player: int) -> str:
        """The non-zero parts of the observation, by name."""
        self.set_from(state, player)
        return observation_text(self.dict)


class InfoStateObserver:
    """The information state as a string: own hand and the public log (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: ModernArtState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: ModernArtState, player: int) -> str:
        """``player``'s hand, own pending sealed bid and every public event so far."""
        shared = state._shared
        game = shared.game
        if game is None:
            return f"p{player}"
        names = shared.table.rules.codec.names
        hand = " ".join(sorted(names[c] for c in game.hands[player]))
        lot = game.lot
        own = lot.sealed[player] if lot is not None and lot.sealed else None
        head = f"p{player} hand: {hand}" + ("" if own is None else f" sealed bid: {own}")
        return "\n".join([head, *shared.log])


def observation_text(parts: dict[str, np.ndarray]) -> str:
    """``name:index=value ...`` for the non-zero entries of each named part."""
    out = []
    for name, values in parts.items():
        nonzero = np.flatnonzero(values)
        if nonzero.size:
            out.append(name + ":" + ",".join(f"{i}={values[i]:g}" for i in nonzero))
    return " ".join(out)


def load(
    variant: str = "hig-1992-fr", players: int = 4, modules: Sequence[str] = (), **params: Any
) -> ModernArtGame:
    """``pyspiel.load_game(NAME, ...)`` with Python arguments."""
    values = {"variant": variant, "players": players, "modules": ",".join(modules), **params}
    game: ModernArtGame = pyspiel.load_game(NAME, values)
    return game


pyspiel.register_game(_GAME_TYPE, ModernArtGame)
