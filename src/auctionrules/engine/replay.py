"""Replaying a game record: :func:`replay` re-applies every action with full checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from auctionrules.engine.errors import EngineError, ReplayError
from auctionrules.engine.game import Game
from auctionrules.engine.record import FORMAT, VERSION, digest
from auctionrules.model import Ruleset


def start_game(record: Mapping[str, Any]) -> Game:
    """The game a record starts from (no actions applied)."""
    if not isinstance(record, Mapping):
        raise ReplayError(f"not a game record: a {type(record).__name__}, not a JSON object")
    try:
        if record.get("format") != FORMAT:
            raise ReplayError(f"not a game record (format {record.get('format')!r})")
        if record.get("version") != VERSION:
            raise ReplayError(f"unsupported record version {record.get('version')!r}")
        document = record["ruleset"]["document"]
        expected = record["ruleset"].get("digest")
        if expected is not None and expected != digest(document):
            raise ReplayError("the ruleset document does not match its digest")
        ruleset = Ruleset.from_document(document)
        players = len(record["players"])
        hands = record["deal"]["hands"]
        pos = record.get("position") or {}
        return Game.from_position(
            ruleset,
            players,
            hands=hands[:players],
            dummy_hands=hands[players:],
            deck=record["deal"]["deck"],
            cash=pos.get("cash"),
            board=pos.get("board"),
            round=pos.get("round", 1),
            auctioneer=pos.get("auctioneer", 0),
            played=pos.get("played") or (),
            owned=pos.get("owned"),
            seed=record.get("seed", 0),
        )
    except ReplayError:
        raise
    except (EngineError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ReplayError(f"the record's set-up is invalid: {exc}") from None


def replay(record: Mapping[str, Any]) -> Game:
    """Re-run ``record`` checking every action and the outcome.

    Raises :class:`ReplayError` naming the action index, seat, action and reason.
    """
    game = start_game(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError(f"'actions' must be a list of [seat, action], not {actions!r}")
    for index, entry in enumerate(actions):
        try:
            seat, text = entry
            game.apply(text, int(seat))
        except EngineError as exc:
            raise ReplayError(
                f"action {index} ({entry!r}) does not replay: {exc}", index
            ) from None
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"action {index} ({entry!r}) is malformed: {exc}", index) from None
    expected = record.get("outcome")
    actual = game.outcome.to_dict() if game.outcome is not None else None
    if expected is not None and expected != actual:
        raise ReplayError(f"the outcome differs: recorded {expected}, replayed {actual}")
    return game
