"""``auctionrules simulate VARIANT --players N --games G --agents A,B``: many games, summarised."""

from __future__ import annotations

import argparse

from auctionrules.cli.loading import add_module_option

HELP = "play many seeded games with agents; stream results as JSON lines; print a summary"


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The options ``simulate`` and ``compare`` share."""
    add_table_options(parser, games=100)
    parser.add_argument(
        "--agents", "-a", default="random",
        help="agents by registry name, with parameters, in turn round the table (repeated "
        "from the first if fewer than the seats) (default random; e.g. "
        "random:bid_chance=0.3 or heuristic,random,random,random)",
    )
    parser.add_argument(
        "--fixed-seats", action="store_true",
        help="keep each agent in its seat (default: rotate the agents one seat each game)",
    )
    add_backend_options(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="summary format")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    parser.add_argument(
        "--report", metavar="FILE",
        help="also write a report with plots: FILE.html (stands alone) or FILE.md (PNGs "
        "beside it) (extra: report)",
    )


def add_table_options(parser: argparse.ArgumentParser, games: int, about: str = "") -> None:
    """The modules, the player count and the number of games (``games`` by default;
    ``about``, more to say of it), as every command that plays many games takes them."""
    add_module_option(parser)
    parser.add_argument("--players", "-p", type=int, default=4,
                        help="number of players (default 4)")
    parser.add_argument("--games", "-g", type=positive, default=games,
                        help=f"number of games (default {games}{about})")


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """The master seed and where the games run, as every command that plays many games
    takes them."""
    parser.add_argument("--seed", "-s", type=int, default=0, help="master seed of the games")
    parser.add_argument(
        "--jobs", "-j", type=positive, default=1, help="local worker processes (default 1)"
    )
    parser.add_argument(
        "--dask", metavar="SCHEDULER",
        help="run on a Dask cluster at this scheduler address, or 'local' for a LocalCluster "
        "(extra: dask; instead of --jobs)",
    )


def check_report(args: argparse.Namespace, command: str) -> int | None:
    """Refuse a report that cannot be written before any game is played: an exit code."""
    if not args.report:
        return None
    from auctionrules.lab.report import check_suffix

    try:
        check_suffix(args.report)
        import matplotlib  # noqa: F401
    except ValueError as exc:
        return fail(str(exc), 2, command)
    except ImportError:
        return fail("--report needs the report extra: pip install 'auctionrules[report]'",
                    2, command)
    return None


def write_report(args: argparse.Namespace, result: object, command: str) -> int:
    """Write ``--report``; an exit code."""
    import sys

    from auctionrules.lab.report import write_report as write

    try:
        written = write(args.report, result)  # type: ignore[arg-type]
    except OSError as exc:
        return fail(f"cannot write {args.report}: {exc}", 2, command)
    print(f"report: {', '.join(map(str, written))}", file=sys.stderr)
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")
    add_run_arguments(parser)
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="write one JSON line per game here (a header line first)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the --out file of an interrupted run with the same settings")
    add_force_option(parser)


def add_force_option(parser: argparse.ArgumentParser) -> None:
    """``--force``: the one way to let ``--out`` replace a file that holds results."""
    parser.add_argument("--force", "-f", action="store_true",
                        help="let --out replace an existing file (without it, it is refused)")


def check_out(args: argparse.Namespace, command: str) -> int | None:
    """Refuse an ``--out`` that would replace a file with something in it, and a
    ``--resume`` with nothing to continue or beside ``--force``: an exit code.

    Games can take hours; a results file lost to a repeated command line is
    not a mistake the tool lets pass silently. ``--resume`` continues the file
    instead, ``--force`` says that replacing it is meant.
    """
    from pathlib import Path

    if getattr(args, "resume", False) and not args.out:
        return fail("--resume needs --out FILE (the results file to continue)", 2, command)
    if getattr(args, "resume", False) and args.force:
        return fail("--resume and --force contradict each other (continue or replace?)", 2,
                    command)
    if not args.out or args.force or getattr(args, "resume", False):
        return None
    path = Path(args.out)
    if path.is_file() and path.stat().st_size > 0:
        hint = "--resume to continue it or --force" if hasattr(args, "resume") else "--force"
        return fail(f"{args.out} exists; use {hint} to replace it", 2, command)
    return None


def fail(message: str, code: int = 2, command: str = "simulate") -> int:
    """Print ``message`` as this command's error; return ``code``."""
    import sys

    print(f"auctionrules {command}: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from auctionrules.agents import AgentError
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.lab import Plan, RunFailedError, Simulation, SimulationError
    from auctionrules.lab.findings import findings
    from auctionrules.lab.progress import Progress
    from auctionrules.lab.runner import make_backend
    from auctionrules.lab.text import summary_text

    refused = check_out(args, "simulate") or check_report(args, "simulate")
    if refused is not None:
        return refused
    try:
        ruleset = load(args.variant, args.modules)
    except LoadFailedError as exc:
        return exc.code
    progress = None if args.quiet else Progress("simulate")
    try:
        plan = Plan.of(
            ruleset, args.players, args.agents, seed=args.seed, rotate=not args.fixed_seats,
            variant=args.variant, modules=args.modules,
        )
        backend = make_backend(args.jobs, args.dask)
        simulation = Simulation(
            plan, args.games, backend, out=args.out, resume=args.resume, progress=progress
        )
        summary = simulation.summary()
    except RunFailedError as exc:
        return fail(str(exc), 1)
    except (AgentError, SimulationError) as exc:
        return fail(str(exc))
    finally:
        if progress is not None:
            progress.close()
    found = findings(summary)
    if args.format == "json":
        print(json.dumps({"findings": found.lines(), **summary.to_dict()}, indent=2,
                         ensure_ascii=False))
    else:
        sys.stdout.write(found.text() + "\n" + summary_text(summary))
    return write_report(args, summary, "simulate") if args.report else 0
