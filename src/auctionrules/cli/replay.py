"""``auctionrules replay RECORD.json``: re-run a game record, checking every action."""

from __future__ import annotations

import argparse
import json
import sys

HELP = "re-run a game record checking every action; print the log and the outcome"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="FILE", help="a game record (JSON)")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text",
        help="text: log and result; json: the final state (money, board, cards owned)",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the result")


def run(args: argparse.Namespace) -> int:
    from auctionrules.cli.play import result_lines
    from auctionrules.engine import ReplayError, replay
    from auctionrules.engine.log import lines

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
    names = [str(n) for n in record.get("players", ())]
    if args.format == "json":
        view = game.public_view().to_dict()
        state = {
            "ruleset": game.rules.ruleset.id,
            "over": game.is_over,
            "round": view["round"],
            "cash": list(game.cash),
            "board": view["board"],
            "owned": view["owned"],
            "hands": [len(h) for h in game.hands[: game.n]],
            "outcome": game.outcome.to_dict() if game.outcome else None,
            "actions": len(game.log),
        }
        print(json.dumps(state, sort_keys=True, ensure_ascii=False))
        return 0
    if not args.quiet:
        for line in lines(game.events, game.rules.ruleset, names):
            print(line)
    if game.outcome is not None:
        for line in result_lines(game, names):
            print(line)
    else:
        print(f"Replayed {len(game.log)} actions; the game is not over (to act: {game.to_act()})")
    return 0
