"""Modern Art as a Gymnasium environment: one learning seat, the others played by agents.

>>> import gymnasium
>>> import auctionrules.envs.gymnasium  # registers the ids
>>> env = gymnasium.make("auctionrules/ModernArt-v0", players=4, opponents="heuristic")
>>> observation, info = env.reset(seed=1)
>>> mask = info["action_mask"]  # also env.unwrapped.action_masks()

``variant`` (a bundled id, a variant file or a ruleset), ``players``,
``modules``, ``bid_buckets``, ``bid_amounts``, ``limit_actions`` and ``reward``
mean what they mean for :mod:`auctionrules.envs.pettingzoo`. ``seat`` is the
learning seat, or ``"random"`` for one drawn at every reset (``info["seat"]``).
``opponents`` plays the other seats (:mod:`.opponents`): a registry spec
(default ``"heuristic"``), an agent object, a factory ``factory(seed=...)``,
one per other seat in seat order, or an :class:`~.opponents.OpponentPool`
drawn from at every reset (self-play). ``observation="dict"`` gives the named
parts of the vector instead of the flat ``Box``.

An index that is not legal (Gymnasium's ``check_env`` samples actions without
the mask): ``illegal="penalty"`` (the default, as PettingZoo's classic games)
ends the episode at once with ``illegal_penalty`` (-1) as the reward and
``info["illegal"]``; ``"raise"`` raises
:class:`~auctionrules.engine.IllegalActionError` and leaves the game as it was;
``"nearest"`` (an explicit opt-in) plays the legal index nearest to it (the
lower one on a tie) and says so in ``info["illegal"]``.

The final step's ``info["action_mask"]`` (and :meth:`ModernArtEnv.action_masks`
once the episode is over) marks ``pass`` alone: no move is asked then, but a
mask is never all zeros, so code that picks ``flatnonzero(mask)[0]`` or a
masked softmax still works under Gymnasium's auto-reset, which ignores the
action it is given after the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from auctionrules.engine.agents import Agent
from auctionrules.engine.errors import IllegalActionError
from auctionrules.engine.game import Game
from auctionrules.envs.encoding import DEFAULT_BUCKETS
from auctionrules.envs.opponents import OpponentPool, build, lineup
from auctionrules.envs.table import (
    Table,
    check_reward,
    final_infos,
    final_rewards,
    observation_bounds,
    printed,
)
from auctionrules.model import Ruleset

ENV_ID = "auctionrules/ModernArt-v0"
ILLEGAL = ("penalty", "raise", "nearest")


class ModernArtEnv(gymnasium.Env[Any, np.int64]):
    """One seat of Modern Art against agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        variant: str | Path | Ruleset = "hig-1992-fr",
        players: int = 4,
        *,
        seat: int | str = 0,
        opponents: Any = "heuristic",
        modules: Sequence[str | Path] = (),
        bid_buckets: int = DEFAULT_BUCKETS,
        bid_amounts: str = "range",
        limit_actions: bool = True,
        reward: str = "win",
        illegal: str = "penalty",
        illegal_penalty: float = -1.0,
        observation: str = "flat",
        render_mode: str | None = None,
    ) -> None:
        self.reward_scheme = check_reward(reward)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if observation not in ("flat", "dict"):
            raise ValueError(f"observation must be 'flat' or 'dict', not {observation!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat {seat!r} is not a seat of {players} players, nor 'random'")
        self.table = table = Table(variant, players, modules, bid_buckets, bid_amounts,
                                   limit_actions)
        #: the learning seat: fixed, or ``"random"`` (then :attr:`seat` is the one drawn)
        self.seat_choice = seat
        self.seat = seat if isinstance(seat, int) else 0
        #: the opponents: one per other seat, or a pool drawn from at every reset
        self.opponents = lineup(opponents, players - 1)
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
        self._over = enc.new_mask()
        self._over[enc.pass_] = 1
        self._shown = 0

    # --- Gymnasium API ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game (the engine's deal of a seed drawn from the environment's generator),
        the learning seat and the opponents drawn where they are drawn; the opponents play
        until it is the learning seat's turn."""
        super().reset(seed=seed)
        players = self.table.players
        game_seed = int(self.np_random.integers(2**31))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(players))
        self.game = self.table.new_game(game_seed)
        others = [s for s in range(players) if s != self.seat]
        pool = self.opponents
        chosen = ([pool.draw(self.np_random) for _ in others]
                  if isinstance(pool, OpponentPool) else pool)
        self.agents = {s: build(opponent, f"{game_seed}/{s}")
                       for s, opponent in zip(others, chosen, strict=True)}
        self._shown = 0
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
            if self.illegal == "raise":
                raise IllegalActionError(
                    f"action {index} is not legal now (legal: {np.flatnonzero(mask).tolist()})")
            if self.illegal == "penalty":
                info = self._info(over=True)
                info["illegal"] = True
                self.game = None
                return self._empty_observation(), self.illegal_penalty, True, False, info
            index = nearest_legal(mask, index)
        self.table.play(game, self.seat, index)
        self._play_opponents()
        if game.is_over:
            info = self._info(over=True)
            info["illegal"] = illegal
            info.update(final_infos(game)[self.seat])
            reward = final_rewards(game, self.reward_scheme)[self.seat]
            return self._observation(), reward, True, False, info
        info = self._info()
        info["illegal"] = illegal
        return self._observation(), 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal indices as booleans (for maskable algorithms); once the episode is
        over, ``pass`` alone (see the module docstring)."""
        game = self.game
        if game is None or game.is_over:
            return self._over.astype(bool)
        return self.table.mask(game, self.seat).astype(bool)

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

    def _info(self, over: bool = False) -> dict[str, Any]:
        mask = self._over.copy() if over else self.table.mask(self.game, self.seat)  # type: ignore[arg-type]
        return {"action_mask": mask, "seat": self.seat}


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
