"""``auctionrules compare A B --players N --games G``: the same games under two rulesets."""

from __future__ import annotations

import argparse

from auctionrules.cli.simulate import (
    add_force_option,
    add_run_arguments,
    check_out,
    check_report,
    fail,
    write_report,
)

HELP = (
    "play the same seeded games under two rulesets; the rules that differ, then every "
    "figure side by side with its difference and significance"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a bundled id or a ruleset file")
    parser.add_argument("b", metavar="B", help="a bundled id or a ruleset file")
    add_run_arguments(parser)
    parser.add_argument("--lang", default="en", help="language of the rules' diff (en, fr)")
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="write one JSON line per game here: {index, seed, a, b}")
    add_force_option(parser)


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from auctionrules.agents import AgentError
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.lab import Comparison, Plan, RunFailedError, SimulationError
    from auctionrules.lab.progress import Progress
    from auctionrules.lab.runner import make_backend
    from auctionrules.lab.text import comparison_text
    from auctionrules.lab.verdict import verdict
    from auctionrules.rulebook import UnknownLanguageError

    refused = check_out(args, "compare") or check_report(args, "compare")
    if refused is not None:
        return refused
    try:
        rulesets = [load(ref, args.modules) for ref in (args.a, args.b)]
    except LoadFailedError as exc:
        return exc.code
    progress = None if args.quiet else Progress("compare")
    handle = None
    try:
        plan_a, plan_b = (
            Plan.of(
                ruleset, args.players, args.agents, seed=args.seed,
                rotate=not args.fixed_seats, variant=ref, modules=args.modules,
            )
            for ruleset, ref in zip(rulesets, (args.a, args.b), strict=True)
        )
        comparison = Comparison(
            plan_a, plan_b, args.games, make_backend(args.jobs, args.dask),
            lang=args.lang, progress=progress,
        )
        if args.out:
            handle = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
            for result_a, result_b in comparison:
                pair = {"index": result_a.index, "seed": result_a.seed,
                        "a": result_a.to_dict(), "b": result_b.to_dict()}
                handle.write(json.dumps(pair, separators=(",", ":")) + "\n")
                handle.flush()
        result = comparison.summary()
    except RunFailedError as exc:
        return fail(str(exc), 1, "compare")
    except (AgentError, SimulationError, UnknownLanguageError) as exc:
        return fail(str(exc), 2, "compare")
    except OSError as exc:
        return fail(f"cannot write {args.out}: {exc}", 2, "compare")
    finally:
        if handle is not None:
            handle.close()
        if progress is not None:
            progress.close()
    found = verdict(result)
    if args.format == "json":
        print(json.dumps({"verdict": found.lines(), **result.to_dict()}, indent=2,
                         ensure_ascii=False))
    else:
        sys.stdout.write(found.text() + "\n" + comparison_text(result))
    return write_report(args, result, "compare") if args.report else 0
