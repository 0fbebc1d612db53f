"""Shards on a Dask cluster (the ``dask`` extra): ``--dask SCHEDULER`` or ``--dask local``.

The same shards of game indices as local processes, submitted to a
``dask.distributed`` scheduler and handed back in index order, a few per worker
in flight, so the results (and the results file) are byte for byte those of
``--jobs 1``. ``local`` starts a ``LocalCluster`` on this machine (one worker per
core, one thread each: a game holds the interpreter's lock, so threads would
share one core). On a real cluster, start a scheduler and workers that have
auctionrules (and any custom agent's module) installed::

    dask scheduler                                  # on one machine: tcp://HOST:8786
    dask worker tcp://HOST:8786 --nthreads 1 --nworkers 8   # on every worker machine
    auctionrules simulate hig-1992-en -p 4 -g 1000000 --dask tcp://HOST:8786 -o runs.jsonl
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from auctionrules.lab.backends import in_order
from auctionrules.lab.plan import SimulationError

T = TypeVar("T")


class DaskBackend:
    """Runs shards on the Dask scheduler at ``address`` (``"local"``: a new
    ``LocalCluster``, closed at the end of the run)."""

    def __init__(self, address: str, local_workers: int | None = None) -> None:
        try:
            import distributed  # noqa: PLC0415 - the dask extra is optional
        except ImportError:
            raise SimulationError(
                "--dask needs the dask extra: pip install 'auctionrules[dask]'"
            ) from None
        self._distributed: Any = distributed
        self.address = address
        self.local_workers = local_workers
        self.workers = 1

    def _client(self) -> Any:
        distributed = self._distributed
        try:
            if self.address == "local":
                cluster = distributed.LocalCluster(
                    n_workers=self.local_workers, threads_per_worker=1,
                    processes=True, dashboard_address=None,
                )
                return distributed.Client(cluster), cluster
            return distributed.Client(self.address, timeout="10s"), None
        except (OSError, TimeoutError, ValueError) as exc:
            message = f"cannot reach the Dask scheduler {self.address}: {exc}"
            raise SimulationError(message) from None

    def map(self, work: Callable[[range], T], shards: Iterable[range]) -> Iterator[T]:
        """``work(shard)`` for each shard on the cluster, ``4 * workers`` in flight."""
        client, cluster = self._client()
        try:
            self.workers = max(1, sum(client.nthreads().values()))
            # pure=False: every shard is its own task, even with equal arguments
            def submit(fn: Callable[[range], T], shard: range) -> Any:
                return client.submit(fn, shard, pure=False)

            yield from in_order(submit, work, shards, 4 * self.workers)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
