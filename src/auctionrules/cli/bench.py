"""``auctionrules bench``: the engine's loops against the plain-Python yardstick."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

HELP = ("time the engine's loops (agent loop, playout, mixed, rollouts) and the RL "
        "environments' steps against refsim.py")

#: Where the yardstick lives relative to a checkout: ``shared/bench/refsim.py`` in
#: the working directory or one of its parents.
REFSIM = Path("shared") / "bench" / "refsim.py"


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_positive, default=300, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5],
                        help="player counts (default: 3 4 5)")
    parser.add_argument("--variant", default="hig-1992-en", help="bundled id or ruleset file")
    parser.add_argument(
        "--repeats", type=_positive, default=3, help="runs of each; the best counts"
    )
    parser.add_argument(
        "--table", default="heuristic",
        help="the agents of the timed table, one name for every seat or one per seat "
        "(default: heuristic; 'none' leaves the table out)",
    )
    parser.add_argument(
        "--table-games", type=_positive, default=20, help="games of the table per repeat"
    )
    parser.add_argument(
        "--no-envs", dest="envs", action="store_false",
        help="leave out the PettingZoo and Gymnasium steps (timed when the rl extra is "
        "installed)",
    )
    parser.add_argument(
        "--refsim", type=Path, default=None,
        help="the yardstick script (default: $AUCTIONRULES_REFSIM, else "
        "shared/bench/refsim.py in the working directory or a parent)",
    )


def find_refsim(given: Path | None) -> Path | None:
    """The yardstick's path: ``given``, ``$AUCTIONRULES_REFSIM`` or the first
    ``shared/bench/refsim.py`` up from the working directory; ``None`` if absent."""
    if given is None and os.environ.get("AUCTIONRULES_REFSIM"):
        given = Path(os.environ["AUCTIONRULES_REFSIM"])
    if given is not None:
        return given if given.is_file() else None
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / REFSIM).is_file():
            return folder / REFSIM
    return None


def run(args: argparse.Namespace) -> int:
    import sys

    from auctionrules.bench import bench
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.engine import EngineError

    try:
        ruleset = load(args.variant)
    except LoadFailedError as failed:
        return failed.code
    refsim = find_refsim(args.refsim)
    if args.refsim is not None and refsim is None:
        print(f"auctionrules bench: {args.refsim}: no such file", file=sys.stderr)
        return 2
    table = None
    if args.table != "none":
        from auctionrules.agents.registry import AgentError, parse_agents, seat_agents

        try:
            specs = parse_agents(args.table)
        except AgentError as exc:
            print(f"auctionrules bench: --table: {exc}", file=sys.stderr)
            return 2

        def table(players: int, seed: int) -> list[object]:
            seated = seat_agents(specs, players)
            return [spec.build(f"{seed}/{seat}") for seat, spec in enumerate(seated)]

    try:
        for line in bench(args.games, args.players, ruleset, refsim, args.repeats,
                          table=table, table_games=args.table_games):
            print(line, flush=True)
        if args.envs:
            for line in env_lines(args, refsim):
                print(line, flush=True)
    except (EngineError, OSError) as exc:
        print(f"auctionrules bench: {exc}", file=sys.stderr)
        return 2
    return 0


def env_lines(args: argparse.Namespace, refsim: Path | None) -> list[str]:
    """The environments' rows (:mod:`auctionrules.envs.bench`), or a line saying why
    there are none: without the rl extra, or under a ruleset file the environments
    read by name as well."""
    try:
        from auctionrules.envs.bench import rows
    except ImportError:
        return ["environments: not timed (pip install 'auctionrules[rl]')"]
    from auctionrules.bench import time_refsim

    lines = []
    games = max(args.games // 10, 5)  # (a step costs more than a decision)
    for players in args.players:
        timed = None if refsim is None else time_refsim(refsim, max(args.games, 200), players)
        lines += rows(games, players, args.variant, args.repeats, timed[1] if timed else 0.0)
    lines.append(f"environments: {games} games of random masked play per run, best of "
                 f"{args.repeats}; the Gymnasium step includes its random opponents' moves")
    return lines
