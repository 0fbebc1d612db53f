"""Modern Art as a Gymnasium environment: one learning seat, the others played by agents.

>>> import gymnasium
>>> import auctionrules.envs.gymnasium  # registers the ids
>>> env = gymnasium.make("auctionrules/ModernArt-v0", players=4, opponents="random")
>>> observation, info = env.reset(seed=1)
>>> mask = info["action_mask"]  # also env.unwrapped.action_masks()

``variant`` (a bundled id, a variant file or a ruleset), ``players``,
``modules``, ``bid_buckets`` and ``reward`` (``win`` or ``share``) mean what
they mean for :mod:`auctionrules.envs.pettingzoo`; ``seat`` is the learning
seat; ``opponents`` names the agents of the other seats from the agents
registry (:func:`auctionrules.agents.make_agent`): one spec for all of them
(``"heuristic:aggression=0.6"``) or one per other seat, in seat order.
``observation="dict"`` gives the named parts of the vector instead of the flat
``Box``.

An index that is not legal (Gymnasium's ``check_env`` samples actions without
the mask) never raises. ``illegal="nearest"`` (the default) plays the legal
index nearest to it (the lower one on a tie) and says so in
``info["illegal"]``; ``illegal="penalty"`` ends the episode at once with
``illegal_penalty`` (default -1) as the reward.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from auctionrules.agents import AgentSpec, make_agent, parse_agents
from auctionrules.engine.agents import Agent
from auctionrules.engine.game import Game
from auctionrules.envs.encoding import DEFAULT_BUCKETS
from auctionrules.envs.table import REWARDS, Table, final_rewards, observation_bounds
from auctionrules.model import Ruleset

ENV_ID = "auctionrules/ModernArt-v0"
ILLEGAL = ("nearest", "penalty")


class ModernArtEnv(gymnasium.Env[Any, np.int64]):
    """One seat of Modern Art against agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        variant: str | Path | Ruleset = "hig-1992-fr",
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        modules: Sequence[str | Path] = (),
        bid_buckets: int = DEFAULT_BUCKETS,
        reward: str = "win",
        illegal: str = "nearest",
        illegal_penalty: float = -1.0,
        observation: str = "flat",
        render_mode: str | None = None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if observation not in ("flat", "dict"):
            raise ValueError(f"observation must be 'flat' or 'dict', not {observation!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of {players} players")
        self.table = table = Table(variant, players, modules, bid_buckets)
        self.seat = seat
        specs = parse_agents(opponents)
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            raise ValueError(f"{len(specs)} opponents for {players - 1} other seats: "
                             "name one, or one per other seat")
        self.opponent_specs: tuple[AgentSpec, ...] = specs
        self.reward_scheme = reward
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        enc = table.encoding
        low, high = observation_bounds(enc)
        box = spaces.Box(low=low, high=high, dtype=np.float32)
        self._dict = observation == "dict"
        self.observation_space: spaces.Space[Any] = box
        if self._dict:
            self.observation_space = spaces.Dict({
                name: spaces.Box(low=low[enc.offsets[name] : enc.offsets[name] + width],
                                 high=high[enc.offsets[name] : enc.offsets[name] + width],
                                 dtype=np.float32)
                for name, width in enc.parts
                if width
            })
        self.action_space = spaces.Discrete(enc.size)
        self.game: Game | None = None
        self.agents: dict[int, Agent] = {}

    # --- Gymnasium API ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game (the engine's deal of a seed drawn from the environment's generator);
        the opponents play until it is the learning seat's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.game = self.table.new_game(game_seed)
        others = [s for s in range(self.table.players) if s != self.seat]
        self.agents = {
            s: make_agent(spec, seed=f"{game_seed}/{s}")
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The learning seat plays ``action``; then the opponents until its next turn."""
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        mask = self.table.mask(game, self.seat)
        illegal = not (0 <= index < mask.size and mask[index])
        if illegal:
            if self.illegal == "penalty":
                info = self._info()
                info["illegal"] = True
                self.game = None
                return self._empty_observation(), self.illegal_penalty, True, False, info
            index = nearest_legal(mask, index)
        self.table.play(game, self.seat, index)
        self._play_opponents()
        info = self._info()
        info["illegal"] = illegal
        if game.is_over:
            reward = final_rewards(game, self.reward_scheme)[self.seat]
            return self._observation(), reward, True, False, info
        return self._observation(), 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal indices as booleans (for maskable algorithms)."""
        if self.game is None:
            return np.zeros(self.table.encoding.size, dtype=bool)
        return self.table.mask(self.game, self.seat).astype(bool)

    def render(self) -> str | None:
        """The readable log of the game so far (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        return "" if self.game is None else self.table.log_text(self.game)

    # --- the rest of the table -------------------------------------------------------------

    def _play_opponents(self) -> None:
        game = self.game
        assert game is not None
        while not game.is_over:
            seat = game.to_act()[0]  # (sealed bids: the lowest seat first, as in PettingZoo)
            if seat == self.seat:
                return
            game.apply(self.agents[seat].act(game.view(seat), game.legal(seat)), seat)

    def _observation(self) -> Any:
        assert self.game is not None
        vector = self.table.observation(self.game, self.seat)
        if self._dict:
            return {name: part.copy() for name, part in self.table.encoding.split(vector).items()}
        return vector

    def _empty_observation(self) -> Any:
        vector = self.table.encoding.new_observation()
        if self._dict:
            return {name: part.copy() for name, part in self.table.encoding.split(vector).items()}
        return vector

    def _info(self) -> dict[str, Any]:
        mask = self.action_masks().astype(np.int8)
        return {"action_mask": mask}


def nearest_legal(mask: np.ndarray, index: int) -> int:
    """The legal index nearest to ``index`` (the lower one on a tie)."""
    legal = np.flatnonzero(mask)
    if legal.size == 0:
        raise ValueError("no legal move")
    return int(legal[np.argmin(np.abs(legal - index))])


def register() -> None:
    """Register :data:`ENV_ID` (done on import; again is harmless)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:ModernArtEnv")


register()
