"""Seeds of a simulation: every game's from the master seed and its index alone.

A game's seed does not depend on which worker plays it, in which chunk or in
what order games finish, so ``--jobs 1``, ``--jobs 8`` and a Dask cluster play
the very same games, and one game of a run can be replayed on its own from the
seed its result line carries (``auctionrules play VARIANT --seed SEED`` deals the
same cards). The seed is a hash, not ``master + index``, so that two runs with
nearby master seeds share no games.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator

#: Game seeds stay below 2**48, exact in every JSON reader (JavaScript numbers included).
_SEED_BYTES = 6


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``master``."""
    text = f"auctionrules-lab/{master}/{index}".encode()
    digest = hashlib.blake2b(text, digest_size=_SEED_BYTES).digest()
    return int.from_bytes(digest, "big")


def agent_seed(seed: int, seat: int) -> str:
    """The seed of the agent in ``seat`` of the game seeded ``seed``: the engine's own
    default (``"seed/seat"``), so that a run of random agents plays exactly the
    games of ``play_game(rules, seed=seed)``."""
    return f"{seed}/{seat}"


def shards(start: int, stop: int, size: int) -> Iterator[range]:
    """Game indices ``start..stop-1`` cut into consecutive ranges of at most ``size``."""
    for low in range(start, stop, size):
        yield range(low, min(low + size, stop))


def timed_shards(
    start: int, stop: int, seconds: float = 0.25, clock: Callable[[], float] = time.monotonic
) -> Iterator[range]:
    """Game indices ``start..stop-1`` cut into consecutive ranges that take about
    ``seconds`` each to play and report, from one game on: for a run in this process,
    where a shard is what progress waits for and what an interrupt may lose, whether
    a game takes a millisecond or a minute. (The time of a shard is from handing it
    out to being asked for the next: the caller plays it in between, timed by
    ``clock``.)"""
    size, low = 1, start
    while low < stop:
        began = clock()
        high = min(low + size, stop)
        yield range(low, high)
        took = clock() - began
        played = high - low
        grown = int(played * seconds / took) if took > 0 else 4 * played
        size = max(1, min(grown, 4 * played, 250))
        low = high
