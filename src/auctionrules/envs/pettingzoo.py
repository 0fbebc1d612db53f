"""Modern Art as a PettingZoo AEC environment, in the manner of PettingZoo's classic games.

>>> from auctionrules.envs.pettingzoo import env
>>> game = env(variant="hig-1992-fr", players=4)
>>> game.reset(seed=1)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     action = None if termination or truncation else \\
...         game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)

Agents are ``player_0 .. player_{n-1}`` (seat order). Each observation is
``{"observation": Box(float32), "action_mask": Box(int8)}`` from the shared
encoding (:mod:`auctionrules.envs.encoding`); the mask is all zeros for an
agent whose turn it is not. During a sealed auction the seats give their bids
one at a time, lowest seat first, and no observation shows a bid before the
reveal. Rewards are 0 until the game ends, then ``reward="win"`` (+1 winners,
-1 the others), ``reward="rank"`` (+1 first place to -1 last, evenly between) or
``reward="money-share"`` (each seat's share of the final money; ``share`` is
the older name); the final ``infos`` give every agent ``money``, ``ranks``,
``winners`` and its own ``rank``. ``render_mode="ansi"``: :meth:`raw_env.render`
returns the readable log; ``"human"`` prints its new lines. :meth:`raw_env.state`
is the full state for a centralised critic (every seat's observation).

:func:`env` is what PettingZoo's classic games get from their three standard
wrappers, written into the class: an illegal index ends the game with
``illegal_reward`` (-1) for its player and 0 for the others (with PettingZoo's
illegal-move warning), an index outside the action space raises ``ValueError``,
and calls before :meth:`~raw_env.reset` raise ``RuntimeError``. (The wrappers
themselves forward every attribute through ``__getattr__``, which cost two
thirds of a step: 13,000 steps/s instead of 42,000.) :class:`raw_env` with the
default ``illegal_reward=None`` raises
:class:`~auctionrules.engine.IllegalActionError` for an illegal index instead,
leaving the game as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env_logger import EnvLogger

from auctionrules.engine.errors import IllegalActionError
from auctionrules.engine.game import Game
from auctionrules.envs.encoding import DEFAULT_BUCKETS
from auctionrules.envs.table import (
    Table,
    check_reward,
    final_infos,
    final_rewards,
    observation_bounds,
    printed,
)
from auctionrules.model import Ruleset


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The same game under PettingZoo's parallel API (``turn_based_aec_to_parallel``):
    every step takes an action from each agent and plays the selected agent's;
    ``infos[agent]["active_agent"]`` names it. Arguments as for :func:`env`."""
    return turn_based_aec_to_parallel(env(**kwargs))


def env(**kwargs: Any) -> raw_env:
    """The environment as PettingZoo's classic games are made: an illegal action ends
    the game with -1 for its player (see the module docstring)."""
    kwargs.setdefault("illegal_reward", -1.0)
    return raw_env(**kwargs)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name
    """Modern Art under one ruleset for ``players`` seats (see the module docstring).

    ``variant``: a bundled id, a variant file or a loaded ruleset; ``modules``:
    optional modules (ids or files) applied to it; ``bid_buckets``,
    ``bid_amounts`` and ``limit_actions``: the amounts per bid, price or limit, what
    they mean and whether the space has limits (see
    :mod:`auctionrules.envs.encoding`); ``reward``: ``win``, ``rank`` or
    ``money-share``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "name": "modern_art_v0", "is_parallelizable": False
    }

    def __init__(
        self,
        variant: str | Path | Ruleset = "hig-1992-fr",
        players: int = 4,
        *,
        modules: Sequence[str | Path] = (),
        bid_buckets: int = DEFAULT_BUCKETS,
        bid_amounts: str = "range",
        limit_actions: bool = True,
        reward: str = "win",
        render_mode: str | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        self.reward_scheme = check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.table = table = Table(variant, players, modules, bid_buckets, bid_amounts,
                                   limit_actions)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        enc = table.encoding
        low, high = observation_bounds(enc)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(enc.size,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(enc.size)
        #: the space of :meth:`state`: every seat's observation, in seat order
        self.state_space = spaces.Box(low=np.tile(low, players), high=np.tile(high, players),
                                      dtype=np.float32)
        self._size = enc.size
        self._shown = 0
        self.game: Game | None = None
        self.np_random, _ = gymnasium.utils.seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same object for every agent and call."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The same object for every agent and call."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, the game of that seed (the engine's deal)."""
        if seed is not None:
            self.np_random, _ = gymnasium.utils.seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self.np_random.integers(2**31))
        self.game = game = self.table.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[game.to_act()[0]]
        self._shown = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and legal-action mask (zeros when not their turn)."""
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        table = self.table
        # (during a sealed auction several seats may bid: only the selected one is asked)
        mask = table.mask(game, seat) if agent == self.agent_selection else table.no_mask()
        return {"observation": table.observation(game, seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The full state, for a centralised critic (training only: no seat may see
        it): every seat's observation, in seat order, each from its own view, so it
        holds every hand, every seat's cash and every sealed bid given, but not what no
        seat sees (the deck's order, dummy cards not yet turned over)."""
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before state()")
        table = self.table
        return np.concatenate([table.observation(game, s) for s in range(table.players)])

    def step(self, action: Any) -> None:
        """The selected agent plays the index ``action`` (``None`` once it is done)."""
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= action < self._size:
            raise ValueError(f"action {action!r} is not in the action space {self._action_space}")
        try:
            self.table.play(game, self._seat[agent], action)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            EnvLogger.warn_on_illegal_move()
            self.infos[agent] = {"illegal": True}
            self._end({a: self.illegal_reward if a == agent else 0.0 for a in self.agents})
            return
        self._cumulative_rewards[agent] = 0.0
        if game.outcome is not None:
            final = final_rewards(game, self.reward_scheme)
            self.infos = dict(zip(self.agents, final_infos(game), strict=True))
            self._end(dict(zip(self.agents, final, strict=True)))
            return
        self.agent_selection = self.possible_agents[game.to_act()[0]]

    def _end(self, rewards: dict[str, float]) -> None:
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = rewards
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the readable log of the game so far; ``human``: its new lines,
        printed."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode; use render_mode='ansi' or 'human'")
            return None
        text = "" if self.game is None else self.table.log_text(self.game)
        if self.render_mode == "ansi":
            return text
        self._shown = printed(text, self._shown)
        return None

    def close(self) -> None:
        """Nothing to release."""
