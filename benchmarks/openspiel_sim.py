"""Speed of OpenSpiel's ``random_sim_test`` on the Python game:
``python benchmarks/openspiel_sim.py [--games 10] [--repeats 3]``.

Runs ``pyspiel.random_sim_test(game, num_sims=games, serialize=True)`` (the test
suite's call: every state cloned and compared, the observation and information
state of every seat read, states serialised and read back) on ``hig-1992-en``
at 4 players and ``hig-1992-fr`` with the mystery hand at 3 (random dummy
cards), and for scale on OpenSpiel's own ``python_kuhn_poker``; prints games/s
and milliseconds a game, per second of process CPU time (the machine may be
busy), best of ``--repeats`` runs. Needs the ``rl`` extra.

The last two rows bound what the adapter can reach. ``unobserved`` is the first
case with observers that do nothing (an all-zero tensor of the same length, empty
strings): the same games, states, copies and moves, no observation made. The
last is pyspiel's own cost, the floor under any Python game of this shape: a
game whose every method does nothing, with as many players, chance nodes and
decisions a game as the first case's random games (their mean over ten), its
observation as long, and states that copy themselves for nothing.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.games import kuhn_poker  # noqa: F401 - registers python_kuhn_poker

from auctionrules.envs.openspiel import DEFAULTS, ModernArtGame, load

CASES = (("hig-1992-en", 4, ()), ("hig-1992-fr", 3, ("mystery-hand",)))


def best_rate(game: pyspiel.Game, games: int, repeats: int) -> float:
    """Games per CPU second, best of ``repeats`` runs."""
    best = 0.0
    for _ in range(repeats):
        start = time.process_time()
        pyspiel.random_sim_test(game, num_sims=games, serialize=True, verbose=False)
        best = max(best, games / (time.process_time() - start))
    return best


def shape_of(game: Any, games: int = 10) -> tuple[int, int, int, int]:
    """Players, chance nodes and decisions a game (means over ``games`` random games),
    and the observation's length."""
    rng = random.Random(0)
    chances = decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                chances += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return (game.num_players(), chances // games, decisions // games,
            game.observation_tensor_size())


#: The no-op game's shape: players, chance nodes, decisions, observation length.
_SHAPE = [4, 68, 250, 156]
_OUTCOMES, _MOVES = [(0, 0.5), (1, 0.5)], [0, 1, 2, 3, 4, 5]


class _Step:
    """Where a no-op game stands (immutable: copies share it)."""

    __slots__ = ("k",)

    def __init__(self, k: int) -> None:
        self.k = k

    def __deepcopy__(self, memo: dict[int, Any]) -> _Step:
        return self


class _NoopState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game)
        self.at = _Step(0)

    def current_player(self) -> int:
        players, chances, decisions, _ = _SHAPE
        k = self.at.k
        return -1 if k < chances else (-4 if k >= chances + decisions else k % players)

    def _legal_actions(self, player: int) -> list[int]:
        return _MOVES

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _OUTCOMES

    def _apply_action(self, action: int) -> None:
        self.at = _Step(self.at.k + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def is_terminal(self) -> bool:
        return self.at.k >= _SHAPE[1] + _SHAPE[2]

    def returns(self) -> list[float]:
        return [0.0] * _SHAPE[0]

    def __str__(self) -> str:
        return ""


class _NoopObserver:
    def __init__(self) -> None:
        self.tensor = np.zeros(_SHAPE[3], np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: _NoopState, player: int) -> None:
        """Nothing to write."""

    def string_from(self, state: _NoopState, player: int) -> str:
        return ""


class _NoopGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players, _, decisions, _ = _SHAPE
        info = pyspiel.GameInfo(
            num_distinct_actions=len(_MOVES), max_chance_outcomes=len(_OUTCOMES),
            num_players=players, min_utility=-1.0, max_utility=1.0, utility_sum=None,
            max_game_length=decisions)
        super().__init__(_NOOP_TYPE, info, params or {})

    def new_initial_state(self) -> _NoopState:
        return _NoopState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _NoopObserver:
        return _NoopObserver()


def _game_type(short_name: str, long_name: str, parameters: dict[str, Any]) -> Any:
    """A game type of Modern Art's shape (sequential, explicit chance, imperfect
    information, general sum, rewards at the end)."""
    return pyspiel.GameType(
        short_name=short_name, long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=5,
        min_num_players=2, provides_information_state_string=True,
        provides_information_state_tensor=False, provides_observation_string=True,
        provides_observation_tensor=True, parameter_specification=parameters)


_NOOP_TYPE = _game_type("python_noop_shape", "no-op game of a given shape", {})
pyspiel.register_game(_NOOP_TYPE, _NoopGame)


class _UnobservedGame(ModernArtGame):  # type: ignore[misc]
    """Modern Art with observers that do nothing (the ``unobserved`` row): each has
    the real observer's tensor length, and leaves it all zeros."""

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _NoopObserver:
        observer = _NoopObserver()
        size = super().make_py_observer(iig_obs_type, params).tensor.size
        observer.tensor = np.zeros(size, np.float32)
        observer.dict = {"observation": observer.tensor}
        return observer


_UNOBSERVED_TYPE = _game_type(
    "python_modern_art_unobserved", "Modern Art, observers doing nothing", DEFAULTS)
pyspiel.register_game(_UNOBSERVED_TYPE, _UnobservedGame)


def noop_game(players: int, chances: int, decisions: int, size: int) -> pyspiel.Game:
    """The no-op game of that shape (the floor)."""
    _SHAPE[:] = [players, chances, decisions, size]
    return pyspiel.load_game("python_noop_shape")


def main(argv: list[str] | None = None) -> None:
    """Print games/s for each case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'game':36s} {'games/s':>9s} {'ms/game':>9s}")
    for variant, players, modules in CASES:
        rate = best_rate(load(variant, players, modules), args.games, args.repeats)
        name = f"{variant}{'+' + '+'.join(modules) if modules else ''} {players}p"
        print(f"{name:36s} {rate:9.2f} {1000 / rate:9.1f}")
    variant, players, _ = CASES[0]
    unobserved = pyspiel.load_game("python_modern_art_unobserved",
                                   {"variant": variant, "players": players})
    rate = best_rate(unobserved, args.games, args.repeats)
    name = f"{variant} {players}p, unobserved"
    print(f"{name:36s} {rate:9.2f} {1000 / rate:9.1f}")
    rate = best_rate(pyspiel.load_game("python_kuhn_poker"), 50 * args.games, args.repeats)
    print(f"{'python_kuhn_poker (OpenSpiel)':36s} {rate:9.2f} {1000 / rate:9.1f}")
    players, chances, decisions, size = shape_of(load(*CASES[0][:2], CASES[0][2]))
    rate = best_rate(noop_game(players, chances, decisions, size), args.games, args.repeats)
    name = f"no-op game ({chances} chance + {decisions} moves)"
    print(f"{name:36s} {rate:9.2f} {1000 / rate:9.1f}")


if __name__ == "__main__":
    main()
