"""``auctionrules bench``: games/s and actions/s against the plain-Python yardstick."""

from __future__ import annotations

import argparse

HELP = "time random games through the engine's API against the refsim.py yardstick"


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


def run(args: argparse.Namespace) -> int:
    import sys

    from auctionrules.engine import EngineError
    from auctionrules.engine.bench import bench
    from auctionrules.loader import RulesetError

    try:
        for line in bench(args.games, args.players, args.variant, args.repeats):
            print(line, flush=True)
    except (EngineError, RulesetError, OSError) as exc:
        print(f"auctionrules bench: {exc}", file=sys.stderr)
        return 2
    return 0
