"""Golden playthroughs (the "perft" of STYLE.md): one seeded random game per bundled
variant and player count, its record digest and final money fixed in golden.json.

A change of the engine's behaviour, of a bundled variant or of the random agent
shows here. When the change is intended, regenerate with
``AUCTIONRULES_UPDATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py`` and
review the diff of golden.json.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from auctionrules.engine import dumps, play_game

from .conftest import VARIANTS, ruleset

GOLDEN = Path(__file__).with_name("golden.json")
CASES = [(v, p) for v in VARIANTS for p in ruleset(v).supported_players]


def playthrough(variant: str, players: int) -> dict[str, Any]:
    """Digest (of the deal and the actions: not of the ruleset text, so that editing a
    note does not count as a change) and result of the seed-1 game."""
    game = play_game(ruleset(variant), players, 1)
    record = game.record()
    assert game.outcome is not None
    played = dumps({"deal": record["deal"], "actions": record["actions"]})
    return {
        "actions": len(record["actions"]),
        "cash": list(game.outcome.cash),
        "digest": hashlib.sha256(played.encode("utf-8")).hexdigest()[:16],
    }


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_golden_playthrough(variant: str, players: int) -> None:
    key = f"{variant}/{players}"
    if os.environ.get("AUCTIONRULES_UPDATE_GOLDEN"):
        golden = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
        golden[key] = playthrough(variant, players)
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert playthrough(variant, players) == golden[key], (
        "the seeded game changed; if intended, run AUCTIONRULES_UPDATE_GOLDEN=1 "
        "python -m pytest tests/engine/test_golden.py and review golden.json"
    )
