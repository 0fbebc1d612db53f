"""Game records: a JSON document that replays a game exactly, and :func:`replay`.

A record holds the resolved ruleset document (so it replays without the
variant file) and its SHA-256 digest, the players, the seed (it seeds the
random dummy-card choices), the explicit deal (every hand's round-1 cards and
the undealt deck in draw order), an optional starting position, every action as
``[seat, "action"]`` and the outcome. ``schemas/game-record.schema.json``
describes it. Serialise with :func:`dumps` for byte-identical output.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from auctionrules.engine.errors import EngineError

if TYPE_CHECKING:
    from auctionrules.engine.game import Game

FORMAT = "auctionrules-game-record"
VERSION = 1


def dumps(record: Mapping[str, Any]) -> str:
    """The canonical JSON text of a record (sorted keys, no spaces)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(document: Mapping[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a resolved ruleset document."""
    return "sha256:" + hashlib.sha256(dumps(document).encode("utf-8")).hexdigest()


def make_record(game: Game, names: list[str] | None = None) -> dict[str, Any]:
    """The record of ``game`` so far."""
    if game.state.start.get("determinized"):
        raise EngineError(
            "a determinized game has no record: its deal is a sample, its history starts "
            "at the determinization"
        )
    ruleset = game.rules.ruleset
    name = game.rules.codec.name
    document = json.loads(json.dumps(dict(ruleset.document), default=str))
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": {"id": ruleset.id, "digest": digest(document), "document": document},
        "players": names or [f"player {s}" for s in range(game.state.n)],
        "seed": game.state.seed,
        "deal": {
            "hands": [[name(c) for c in hand] for hand in game.state.start["hands"]],
            "deck": [name(c) for c in game.state.start["deck"]],
        },
        "actions": [[seat, str(action)] for seat, action in game.log],
        "outcome": game.outcome.to_dict() if game.outcome is not None else None,
    }
    if "position" in game.state.start:
        record["position"] = game.state.start["position"]
    return record
