"""What the three adapters share: a ruleset compiled for a player count, its encoding,
and the moves between a game and the arrays (new games, observations, masks, indices,
final rewards, the readable log)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from auctionrules.engine.game import Game
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.envs.encoding import DEFAULT_BUCKETS, Encoding, Mask, Vector
from auctionrules.envs.parts import bounds
from auctionrules.envs.reader import Reader
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook.log import lines

#: Reward schemes at the end of a game (every step before pays 0); ``share`` is the
#: older name of ``money-share``.
REWARDS = ("win", "rank", "money-share", "share")


def compile_variant(
    variant: str | Path | Ruleset, players: int, modules: Sequence[str | Path] = ()
) -> Rules:
    """The rules of a bundled variant id, a variant file or a ruleset, with ``modules``."""
    if isinstance(variant, Ruleset):
        if modules:
            raise ValueError("modules apply to a variant id or file, not to a loaded ruleset")
        return rules_for(variant, players)
    if isinstance(modules, (str, Path)):
        modules = (modules,)
    return rules_for(load_ruleset(variant, modules=tuple(modules)), players)


def check_reward(scheme: str) -> str:
    """``scheme`` as one of :data:`REWARDS` (``share`` read as ``money-share``), or a
    ``ValueError``."""
    if scheme not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS[:3])}, not {scheme!r}")
    return "money-share" if scheme == "share" else scheme


def ranks(game: Game) -> list[int]:
    """Each seat's place at the end, 1 the best: the winners 1, every other seat 1 plus
    the seats ahead of it (more money, or as much and among the winners); equal places
    for equal standing."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    cash, winners, seats = outcome.cash, set(outcome.winners), range(game.state.n)
    return [1 if s in winners else 1 + sum(
        1 for t in seats if cash[t] > cash[s] or (cash[t] == cash[s] and t in winners))
        for s in seats]


def final_rewards(game: Game, scheme: str) -> list[float]:
    """Each seat's reward for a finished game.

    ``win``: +1 for each winner (every richest player when ties are shared), -1 for
    the others (everyone -1 when a tie leaves no winner). ``rank``: +1 for first
    place, -1 for last, evenly between (``1 - 2 (rank - 1) / (n - 1)``; equal places
    equal rewards). ``money-share`` (or ``share``): each seat's final money as a share
    of all the players' money (0 to 1, summing to 1).
    """
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    scheme = check_reward(scheme)
    if scheme == "win":
        return [1.0 if s in outcome.winners else -1.0 for s in range(game.state.n)]
    if scheme == "rank":
        return [1.0 - 2.0 * (r - 1) / max(game.state.n - 1, 1) for r in ranks(game)]
    total = sum(outcome.cash)
    return [c / total if total else 1.0 / game.state.n for c in outcome.cash]


def final_infos(game: Game) -> list[dict[str, Any]]:
    """Each seat's info at the end: ``money`` (every seat's final money, by seat),
    ``ranks`` (every seat's place, by seat), ``winners`` (the winning seats) and
    ``rank`` (its own place)."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    places = ranks(game)
    shared = {"money": list(outcome.cash), "ranks": places, "winners": list(outcome.winners)}
    return [{**shared, "rank": places[s]} for s in range(game.state.n)]


class Table:
    """A ruleset for a player count with its encoding: makes games and reads them as arrays."""

    def __init__(  # noqa: PLR0917 - pickled as its arguments, in order
        self,
        variant: str | Path | Ruleset = "hig-1992-fr",
        players: int = 4,
        modules: Sequence[str | Path] = (),
        bid_buckets: int = DEFAULT_BUCKETS,
        bid_amounts: str = "range",
        limit_actions: bool = True,
    ) -> None:
        self._args = (variant, players, tuple(modules), bid_buckets, bid_amounts, limit_actions)
        #: whether the table is named by a bundled variant id or a file (then pickled
        #: as its arguments, and made again from them), not by a ruleset object
        self.named = isinstance(variant, (str, Path))
        self.rules = compile_variant(variant, players, modules)
        self.players = players
        self.encoding = Encoding(self.rules, bid_buckets, bid_amounts, limit_actions)
        self.reader = Reader(self.encoding)
        self._observe = self.reader.observe
        self._fill = self.encoding.masker.fill
        self._action = self.encoding.masker.action
        self._zeros = self.encoding.new_observation()
        self._no_mask = self.encoding.new_mask()

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """The table itself: it is configuration, shared by every copy of a state."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # (pickled as its arguments, and unpickled as the one table of those where they
        # name a bundled variant or a file: the arrays' memoryviews do not pickle, and
        # OpenSpiel unpickles a state for every state it deserialises)
        variant, players, modules, *options = self._args
        if self.named:
            return (table_for, (str(variant), players, tuple(map(str, modules)), *options))
        return (Table, self._args)

    def new_game(self, seed: int) -> Game:
        """A new game dealt from ``seed``."""
        return Game.new(rules=self.rules, seed=seed)

    def observation(self, game: Game, seat: int) -> Vector:
        """A new observation vector of ``seat``: its view (:meth:`Game.view`) as a vector."""
        return self._observe(game.view(seat), self._zeros.copy())

    def mask(self, game: Game, seat: int) -> Mask:
        """A new legal-action mask of ``seat`` (all 0 when it is not their turn)."""
        return self._fill(game.legal(seat), self._no_mask.copy())

    def no_mask(self) -> Mask:
        """A new mask with no legal move."""
        return self._no_mask.copy()

    def play(self, game: Game, seat: int, index: int) -> None:
        """``seat`` plays the move of ``index``; ``IllegalActionError`` if it is not legal
        (the game is then unchanged)."""
        # (the encoding checks the move against the seat's legal moves, empty when it is
        # not the seat's turn, before anything changes: the engine need not check again)
        game.apply_unchecked(self._action(game.legal(seat), int(index)), seat)

    def log_text(self, game: Game) -> str:
        """The readable log of the game so far."""
        names = [f"player_{s}" for s in range(self.players)]
        return "\n".join(lines(game.events, self.rules.ruleset, names))


def table_for(  # noqa: PLR0917 - a table's arguments, in order
    variant: str, players: int, modules: tuple[str, ...], buckets: int,
    amounts: str = "range", limits: bool = True,
) -> Table:
    """The table of a variant id or file, made once per set of arguments (a table is
    configuration: every game and state may share it)."""
    return _table_for(variant, players, modules, buckets, amounts, limits)


@cache
def _table_for(  # noqa: PLR0917 - every argument, given, is the cache's key
    variant: str, players: int, modules: tuple[str, ...], buckets: int, amounts: str,
    limits: bool,
) -> Table:
    return Table(variant, players, modules, buckets, amounts, limits)


def most_money(rules: Rules) -> int:
    """A bound on the money any player can hold (:attr:`Rules.most_money
    <auctionrules.engine.rules.Rules.most_money>`)."""
    return rules.most_money


def observation_bounds(encoding: Encoding) -> tuple[Vector, Vector]:
    """``(low, high)`` of the observation box: 0, and each part's top as declared
    (:func:`auctionrules.envs.parts.bounds`)."""
    low, high = bounds(encoding.rules)
    return np.array(low, dtype=np.float32), np.array(high, dtype=np.float32)


def printed(text: str, shown: int) -> int:
    """Print the lines of the log ``text`` after its first ``shown`` ones (a ``human``
    render prints each line once) and return how many are shown now."""
    lines = text.splitlines()
    for line in lines[shown:]:
        print(line)
    return len(lines)
