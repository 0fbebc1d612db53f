"""``simulate(...)``: many games of one plan, streamed in index order.

>>> from auctionrules.lab import simulate
>>> run = simulate("hig-1992-en", players=4, games=8, seed=1)
>>> [result.index for result in run]
[0, 1, 2, 3, 4, 5, 6, 7]
>>> run.summary().games
8

Iterating a :class:`Simulation` plays its games (once); :meth:`Simulation.summary`
plays whatever is left and returns the tallies. With ``out``, every game's line
is written as it comes in; with ``resume``, the games already in ``out`` are
read back (and counted) instead of played again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from auctionrules.agents import AgentSpec
from auctionrules.lab.backends import Backend, Processes, Serial
from auctionrules.lab.plan import Plan, RunFailedError, SimulationError
from auctionrules.lab.playing import play_shard
from auctionrules.lab.result import GameResult
from auctionrules.lab.seeds import shards, timed_shards
from auctionrules.lab.store import ResultsFile
from auctionrules.lab.summary import Summary
from auctionrules.model import Ruleset

#: ``progress(done, total)``, called as games come in.
ProgressHook = Callable[[int, int], None]


def make_backend(jobs: int = 1, dask: str | None = None) -> Backend:
    """Where the shards run: ``dask`` (a scheduler address, or ``"local"``), else
    ``jobs`` local processes, else this process."""
    if dask is not None:
        from auctionrules.lab.distributed import DaskBackend  # noqa: PLC0415 - optional extra

        return DaskBackend(dask)
    if jobs < 1:
        raise SimulationError(f"jobs must be at least 1, not {jobs}")
    return Serial() if jobs == 1 else Processes(jobs)


def shard_size(games: int, workers: int) -> int:
    """Games per shard on ``workers`` workers: a few shards per worker (so a slow
    shard delays little), big enough that sending the plan costs nothing against
    playing."""
    return max(1, min(250, games // (max(workers, 1) * 8)))


def cut(start: int, stop: int, backend: Backend) -> Iterator[range]:
    """The shards of games ``start..stop-1`` for ``backend``: in this process timed to
    a quarter of a second each (:func:`~auctionrules.lab.seeds.timed_shards`: progress
    shows, and an interrupt loses nothing: :func:`~auctionrules.lab.playing.play_shard`
    hands back the games it finished), elsewhere :func:`shard_size` games each."""
    if isinstance(backend, Serial):
        return timed_shards(start, stop)
    return shards(start, stop, shard_size(stop - start, backend.workers))


class Simulation:
    """A run of ``games`` games of ``plan`` (see :func:`simulate`)."""

    def __init__(
        self,
        plan: Plan,
        games: int,
        backend: Backend | None = None,
        *,
        out: str | Path | None = None,
        resume: bool = False,
        progress: ProgressHook | None = None,
    ) -> None:
        if games < 1:
            raise SimulationError(f"games must be at least 1, not {games}")
        self.plan = plan
        self.games = games
        self.backend = backend or Serial()
        self.store = None if out is None else ResultsFile(Path(out), plan.header(), resume)
        self.progress = progress
        self._summary = Summary(
            plan.players, {**plan.header(), "games": games}, plan.artist_names(),
            plan.frame(),
        )
        self._iterator: Iterator[GameResult] | None = None

    def __iter__(self) -> Iterator[GameResult]:
        """Every game's result in index order (read back when resumed, else played)."""
        if self._iterator is not None:
            raise SimulationError("a simulation runs once; make a new one to run again")
        self._iterator = self._run()
        return self._iterator

    def _run(self) -> Iterator[GameResult]:
        summary, store, done = self._summary, self.store, 0
        try:
            if store is not None:
                for result in store.existing(self.games):
                    summary.add(result)
                    done += 1
                    yield result
                if done < self.games:  # (a file with more games is read, never cut)
                    store.open(done)
            if self.progress is not None:
                self.progress(done, self.games)
            work = functools.partial(play_shard, self.plan)
            for shard in self.backend.map(work, cut(done, self.games, self.backend)):
                for result in shard.results:
                    if store is not None:
                        store.write(result)
                    summary.add(result)
                    done += 1
                    yield result
                if self.progress is not None:
                    self.progress(done, self.games)
                if shard.interrupted:
                    raise KeyboardInterrupt
                if shard.failure is not None:
                    kept = f"; the {done} games before it are kept" if store else ""
                    raise RunFailedError(shard.failure + kept)
        finally:
            if store is not None:
                store.close()

    def summary(self) -> Summary:
        """The summary of every game, playing those not yet played."""
        for _ in self._iterator if self._iterator is not None else iter(self):
            pass
        return self._summary

    @property
    def tallies(self) -> Summary:
        """The summary of the games so far (without playing more)."""
        return self._summary


def simulate(
    variant: str | Path | Ruleset,
    players: int,
    games: int,
    agents: str | Sequence[str | AgentSpec] = ("random",),
    *,
    seed: int = 0,
    modules: Sequence[str] = (),
    jobs: int = 1,
    rotate: bool = True,
    dask: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    progress: ProgressHook | None = None,
) -> Simulation:
    """``games`` seeded games of ``variant`` (a bundled id, a file or a
    :class:`~auctionrules.model.Ruleset`) with ``modules`` applied, at ``players``
    players, ``agents`` by registry name (in turn round the table, repeated from the
    first if fewer than the seats: :func:`~auctionrules.agents.seat_agents`),
    rotated one seat each game unless ``rotate`` is false.

    Game ``i``'s seed is :func:`~auctionrules.lab.seeds.game_seed` ``(seed, i)``,
    so the results are the same for any ``jobs`` or ``dask``. Bad settings raise
    :class:`SimulationError`, :class:`~auctionrules.agents.AgentError` or
    :class:`~auctionrules.loader.RulesetError` at once; a game that fails raises
    :class:`SimulationError` naming its index and seed when the iteration reaches it.
    """
    plan = Plan.make(variant, players, agents, seed=seed, modules=modules, rotate=rotate)
    return Simulation(
        plan, games, make_backend(jobs, dask), out=out, resume=resume, progress=progress
    )

