"""``auctionrules ladder VARIANT --agents A,B,C``: agents rated by playing each other."""

from __future__ import annotations

import argparse

from auctionrules.cli.simulate import (
    add_backend_options,
    add_force_option,
    add_table_options,
    check_out,
    fail,
)

HELP = "rate agents by playing them against each other (openskill); a Markdown, HTML or JSON table"

EPILOG = """examples:
  auctionrules ladder hig-1992-en --players 3 --games 6 --agents random,heuristic
  auctionrules ladder taiwan -p 3 -g 6 --agents random,ismcts:iterations=2,heuristic --format json
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")
    add_table_options(
        parser, games=48, about="; a whole number of the schedule's cycles keeps it balanced"
    )
    parser.add_argument(
        "--agents", "-a", default="random,heuristic,ismcts",
        help="the agents to rate, each once, with parameters (default "
        "random,heuristic,ismcts); every set of PLAYERS of them takes the table, or with "
        "fewer agents than seats each in turn first, the list repeated",
    )
    add_backend_options(parser)
    parser.add_argument("--format", choices=("markdown", "html", "json"),
                        default="markdown", help="the table's format (default markdown)")
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="write one JSON line per game here (as simulate does)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the --out file of an interrupted run with the same settings")
    add_force_option(parser)
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from auctionrules.agents import AgentError
    from auctionrules.cli import codes
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.lab import RunFailedError, SimulationError
    from auctionrules.lab.ladder import Ladder, ladder_plan
    from auctionrules.lab.ladder_tables import html_table, markdown
    from auctionrules.lab.progress import Progress
    from auctionrules.lab.runner import Simulation, make_backend

    refused = check_out(args, "ladder")
    if refused is not None:
        return refused
    try:
        ruleset = load(args.variant, args.modules)
    except LoadFailedError as exc:
        return exc.code
    progress = None if args.quiet else Progress("ladder")
    try:
        plan = ladder_plan(ruleset, args.players, args.agents, seed=args.seed,
                           variant=args.variant, modules=args.modules)
        simulation = Simulation(plan, args.games, make_backend(args.jobs, args.dask),
                                out=args.out, resume=args.resume, progress=progress)
        board = Ladder(simulation)
        board.standings()
    except RunFailedError as exc:
        return fail(str(exc), codes.INVALID, "ladder")
    except (AgentError, SimulationError) as exc:
        return fail(str(exc), codes.USAGE, "ladder")
    finally:
        if progress is not None:
            progress.close()
    if args.format == "json":
        print(json.dumps(board.to_dict(), indent=2))
    else:
        sys.stdout.write(markdown(board) if args.format == "markdown" else html_table(board))
    return codes.OK
