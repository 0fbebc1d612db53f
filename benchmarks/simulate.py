"""The simulation lab's benchmark: ``python benchmarks/simulate.py [--games N] [--agents A]``.

Times ``auctionrules.lab.simulate`` with random agents (each game played, its
result line built from the public events and counted in the summary) against
the yardstick ``refsim.py`` in the same run, the same games through
``play_game`` alone (the cost of the result lines is the difference), then the
same run on ``--jobs 2`` local processes and on a two-worker Dask
``LocalCluster``:

* ``serial``: games/s per second of this process's CPU time, like ``auctionrules
  bench``, and its ratio to the yardstick's;
* ``jobs 1`` / ``jobs 2``: games/s of wall-clock time (parallel runs cannot be
  timed in one process's CPU time) and the speedup; on a busy machine this
  measures the load as much as the code, so note ``uptime`` beside it; the
  ``jobs 2 CPU`` line bounds the speedup two free cores would give from the
  CPU time the run cost (workers and parent), which the load distorts little;
* ``dask local``: wall-clock games/s on a two-worker ``LocalCluster``, its start-up
  included.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from auctionrules.bench import time_refsim
from auctionrules.cli.bench import find_refsim as find_yardstick
from auctionrules.engine import play_game
from auctionrules.lab import Plan, Simulation
from auctionrules.lab.backends import Processes


def timed(plan: Plan, games: int, backend: object | None = None) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds of this process, CPU seconds of the worker
    processes it waited for) of a whole run."""
    wall, cpu = time.perf_counter(), time.process_time()
    children = _children_cpu()
    Simulation(plan, games, backend).summary()  # type: ignore[arg-type]
    return (time.perf_counter() - wall, time.process_time() - cpu,
            _children_cpu() - children)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="hig-1992-en")
    parser.add_argument("--agents", default="random", help="as simulate's --agents")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    n, games = args.players, args.games
    plan = Plan.make(args.variant, n, args.agents)
    print(f"{args.variant}, {n} players, {games} games, agents {args.agents}; load "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    ref = find_yardstick(None)
    yardstick = time_refsim(ref, games, n) if ref is not None else None
    wall1, cpu1, _ = timed(plan, games)
    serial = games / cpu1
    rules, start = plan.rules(), time.process_time()
    for index in range(games if args.agents == "random" else 0):
        play_game(rules, seed=plan.seed_of(index))  # the games alone, without results
    alone = games / max(time.process_time() - start, 1e-9)
    if yardstick is not None:
        print(f"serial      {serial:8.0f} games/s (CPU)   refsim {yardstick[0]:8.0f} games/s "
              f"(CPU)   ratio {serial / yardstick[0]:.2f}x")
    else:
        print(f"serial      {serial:8.0f} games/s (CPU)   refsim not found")
    if args.agents == "random":
        print(f"play_game   {alone:8.0f} games/s (CPU): the same games without result lines")
    wall2, parent, workers = timed(plan, games, Processes(2))
    print(f"jobs 1      {games / wall1:8.0f} games/s (wall)")
    print(f"jobs 2      {games / wall2:8.0f} games/s (wall)   speedup {wall1 / wall2:.2f}x")
    # What two free cores would give, from CPU accounting (which the load distorts
    # little): the serial run's CPU time over the parallel run's total CPU time
    # (workers and parent) shared by two cores.
    print(f"jobs 2 CPU  workers {workers:.2f} s + parent {parent:.2f} s against serial "
          f"{cpu1:.2f} s: speedup on two free cores at most {2 * cpu1 / (workers + parent):.2f}x")
    if not args.no_dask:
        from auctionrules.lab.distributed import DaskBackend  # noqa: PLC0415 - optional

        wall3, _, _ = timed(plan, games, DaskBackend("local", local_workers=2))
        print(f"dask local  {games / wall3:8.0f} games/s (wall, 2 workers, start-up included)")


if __name__ == "__main__":
    main()
