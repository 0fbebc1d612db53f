"""``auctionrules play VARIANT --players N --seed S``: a seeded game, watched or played.

Without ``--agents`` or ``--human`` every seat is a seeded random player and the
log is printed at the end (the historical behaviour, byte-identical records).
``--agents heuristic,random`` names the agents (one for every seat, or one per
seat), whose moves are printed as they happen; ``--human 0`` seats a person at
the terminal (see :mod:`auctionrules.cli.seat`) against them.
"""

from __future__ import annotations

import argparse
import sys

from auctionrules.cli.loading import add_module_option

HELP = "play a seeded game: watch agents, or take a seat at the terminal (--human)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")
    add_module_option(parser)
    parser.add_argument("--players", "-p", type=int, default=4, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=0, help="seed of the deal and agents")
    parser.add_argument("--record", metavar="FILE", help="write the game record (JSON) here")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    parser.add_argument(
        "--agents", "-a", metavar="SPECS",
        help="agents, e.g. heuristic or heuristic,random,ismcts:iterations=200 "
        "(one for every other seat, or one per seat; default: random)",
    )
    parser.add_argument(
        "--human", type=int, metavar="SEAT", help="a person plays this seat at the terminal"
    )
    parser.add_argument(
        "--plain", action="store_true", help="plain text, no colours or tables (no rich)"
    )


def result_lines(game: object, names: list[str]) -> list[str]:
    """The final money and winners, one line each."""
    from auctionrules.engine import Game

    assert isinstance(game, Game)
    outcome = game.outcome
    assert outcome is not None
    money = game.rules.ruleset.amount
    out = [f"Result ({outcome.reason.value}):"]
    ranking = sorted(range(game.n), key=lambda s: -outcome.cash[s])
    for seat in ranking:
        mark = "  winner" if seat in outcome.winners else ""
        out.append(f"  {names[seat]}: {money(outcome.cash[seat])}{mark}")
    if not outcome.winners:
        out.append("  no winner (tie)")
    return out


def run(args: argparse.Namespace) -> int:
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.engine import EngineError, dumps, play_game
    from auctionrules.engine.log import lines

    try:
        ruleset = load(args.variant, args.modules)
    except LoadFailedError as exc:
        return exc.code
    if args.agents is not None or args.human is not None:
        from auctionrules.cli.session import run_table

        return run_table(args, ruleset)
    try:
        game = play_game(ruleset, args.players, args.seed)
    except EngineError as exc:
        print(f"auctionrules play: {exc}", file=sys.stderr)
        return 2
    names = [f"Player {s}" for s in range(game.n)]
    if not args.quiet:
        print(f"{ruleset.id}, {game.n} players, seed {args.seed}")
        for line in lines(game.events, ruleset, names):
            print(line)
    for line in result_lines(game, names):
        print(line)
    if args.record:
        try:
            with open(args.record, "w", encoding="utf-8") as handle:
                handle.write(dumps(game.record(names)) + "\n")
        except OSError as exc:
            print(f"auctionrules play: cannot write {args.record}: {exc}", file=sys.stderr)
            return 2
    return 0
