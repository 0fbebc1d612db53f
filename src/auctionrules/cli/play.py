"""``auctionrules play VARIANT --players N --seed S``: a seeded game, watched or played."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from auctionrules.cli.loading import add_module_option

HELP = (
    "play a seeded game: random players by default, other agents (--agents), "
    "or take a seat at the terminal (--human)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="a bundled id or a ruleset file")
    add_module_option(parser)
    parser.add_argument("--players", "-p", type=int, default=4, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=0, help="seed of the deal and agents")
    parser.add_argument("--record", metavar="FILE", help="write the game record (JSON) here")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    add_lang_option(parser)
    parser.add_argument(
        "--agents", "-a", metavar="SPECS",
        help="agents, e.g. heuristic or heuristic,random,ismcts:iterations=8 "
        "(in turn round the table, repeated from the first if fewer than the seats: "
        "heuristic,ismcts at 4 players is heuristic, ismcts, heuristic, ismcts; "
        "default: random)",
    )
    parser.add_argument(
        "--human", type=int, metavar="SEAT",
        help="a person plays this seat at the terminal (seats from 0: seat 0 is Player 1)",
    )
    parser.add_argument(
        "--plain", action="store_true", help="plain text, no colours or tables (no rich)"
    )
    parser.add_argument(
        "--progress", action="store_true",
        help="show searching agents' progress on stderr even when it is not a terminal "
        "(on a terminal it is always shown)",
    )


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang CODE``: the language of the log (default: the ruleset's)."""
    parser.add_argument(
        "--lang", default=None,
        help="language code of the log (en, fr); default: the ruleset's language",
    )


def unknown_language(lang: str | None) -> str | None:
    """Why ``lang`` cannot be printed (``None`` if it can): a usage error, exit 2."""
    from auctionrules.rulebook.lang import available

    if lang is None or lang in available():
        return None
    return f"unsupported language: {lang!r} (available: {', '.join(available())})"


def unwritable(path: str) -> str | None:
    """Why a record cannot be written at ``path`` (``None`` if it may be), said before
    the game is played, not after; a missing folder is made, as the lab makes the
    folder of its results."""
    where = Path(path)
    if where.is_dir():
        return f"cannot write {path}: it is a directory"
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None


def run(args: argparse.Namespace) -> int:
    from auctionrules.cli.loading import LoadFailedError, load
    from auctionrules.engine import EngineError, dumps, play_game
    from auctionrules.rulebook.log import GameLog, player_names

    problem = unknown_language(args.lang) or (args.record and unwritable(args.record))
    if problem:
        print(f"auctionrules play: {problem}", file=sys.stderr)
        return 2
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
    log = GameLog(ruleset, lang=args.lang)
    if not args.quiet:
        print(log.say("header", id=ruleset.id, players=game.state.n, seed=args.seed))
        for line in log.lines(game.events):
            print(line)
    assert game.outcome is not None
    for line in log.result(game.outcome, game.state.n):
        print(line)
    if args.record:
        try:
            with open(args.record, "w", encoding="utf-8") as handle:
                # the record names seats the same way whatever the log's language
                handle.write(dumps(game.record(player_names(game.state.n))) + "\n")
        except OSError as exc:
            print(f"auctionrules play: cannot write {args.record}: {exc}", file=sys.stderr)
            return 2
    return 0
