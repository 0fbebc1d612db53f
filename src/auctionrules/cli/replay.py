"""``auctionrules replay RECORD.json``: re-run a game record, checking every action."""

from __future__ import annotations

import argparse
import json
import sys

from auctionrules.cli.play import add_lang_option, unknown_language

HELP = "re-run a game record checking every action; print the log and the outcome"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="FILE", help="a game record (JSON)")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text",
        help="text: log and result; json: the final state (money, board, cards owned)",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    from auctionrules.engine import ReplayError, replay
    from auctionrules.rulebook.log import GameLog, player_names

    if (problem := unknown_language(args.lang)) is not None:
        print(f"auctionrules replay: {problem}", file=sys.stderr)
        return 2
    try:
        with open(args.record, encoding="utf-8") as handle:
            record = json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"auctionrules replay: cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print(f"auctionrules replay: {args.record}: not a game record", file=sys.stderr)
        return 1
    try:
        game = replay(record)
    except ReplayError as exc:
        print(f"auctionrules replay: {args.record}: {exc}", file=sys.stderr)
        return 1
    names: list[str] | None = [str(n) for n in record.get("players", ())]
    seats = range(game.state.n)
    if names in (player_names(game.state.n), [f"player {s}" for s in seats],
                 [f"Player {s}" for s in seats]):
        # the default names (also as older records wrote them, from seat 0): said in the
        # log's language, from Player 1
        names = None
    if args.format == "json":
        view = game.view(None).to_dict()
        state = {
            "ruleset": game.rules.ruleset.id,
            "over": game.is_over,
            "round": view["round"],
            "cash": list(game.state.cash),
            "board": view["board"],
            "owned": view["owned"],
            "hands": [len(h) for h in game.state.hands[: game.state.n]],
            "outcome": game.outcome.to_dict() if game.outcome else None,
            "actions": len(game.log),
        }
        print(json.dumps(state, sort_keys=True, ensure_ascii=False))
        return 0
    log = GameLog(game.rules.ruleset, names, args.lang)
    if not args.quiet:
        for line in log.lines(game.events):
            print(line)
    if game.outcome is not None:
        for line in log.result(game.outcome, game.state.n):
            print(line)
    else:
        print(f"Replayed {len(game.log)} actions; the game is not over (to act: {game.to_act()})")
    return 0
