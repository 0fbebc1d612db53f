"""Where shards of games run: in this process, or in local worker processes.

A backend maps a picklable function over shards of game indices and yields its
answers **in shard order**, whatever order they finish in, with a bounded
number of shards in flight, so that memory stays flat in the number of games
and the results file is written in index order. (Dask is
:mod:`auctionrules.lab.distributed`, with the same shape.)
"""

from __future__ import annotations

import collections
import concurrent.futures
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, TypeVar

T = TypeVar("T")


class Backend(Protocol):
    """Runs ``work`` on each shard; yields the answers in shard order."""

    #: How many shards run at once (what the shard size is cut for; 1 until known).
    workers: int

    def map(self, work: Callable[[range], T], shards: Iterable[range]) -> Iterator[T]:
        """The answers of ``work`` for each shard, in order."""
        ...


class Serial:
    """Every shard in this process, one after the other."""

    def __init__(self) -> None:
        self.workers = 1

    def map(self, work: Callable[[range], T], shards: Iterable[range]) -> Iterator[T]:
        """``work(shard)`` for each shard."""
        for shard in shards:
            yield work(shard)


class Processes:
    """Shards on ``jobs`` local processes (:mod:`concurrent.futures`), started by
    ``start_method`` (``"fork"``, ``"forkserver"``, ``"spawn"``; ``None``: Python's
    default, which is ``forkserver`` on Linux from Python 3.14).

    However they start, the workers know the agents and custom strategies registered
    in this process: the plan carries them (:mod:`auctionrules.lab.carried`).
    """

    def __init__(self, jobs: int, start_method: str | None = None) -> None:
        self.workers = jobs
        self.context = multiprocessing.get_context(start_method)

    def map(self, work: Callable[[range], T], shards: Iterable[range]) -> Iterator[T]:
        """``work(shard)`` for each shard, ``4 * jobs`` shards in flight at most."""
        with concurrent.futures.ProcessPoolExecutor(self.workers, self.context) as pool:
            yield from in_order(pool.submit, work, shards, 4 * self.workers)


def in_order(
    submit: Callable[..., concurrent.futures.Future[T]],
    work: Callable[[range], T],
    shards: Iterable[range],
    window: int,
) -> Iterator[T]:
    """Submit shards with at most ``window`` in flight, and yield their answers in
    the order they were submitted (the oldest is waited for first)."""
    pending: collections.deque[concurrent.futures.Future[T]] = collections.deque()
    queue = iter(shards)
    for shard in queue:
        pending.append(submit(work, shard))
        if len(pending) >= window:
            break
    try:
        while pending:
            answer = pending.popleft().result()
            for shard in queue:
                pending.append(submit(work, shard))
                break
            yield answer
    finally:  # stopped early (a failed game, an interrupt): drop what has not started
        for future in pending:
            future.cancel()
