"""The rules of Reiner Knizia's Modern Art as data.

Rulesets (one per edition or house variant) are YAML files validated against
``schemas/ruleset.schema.json`` and loaded into a frozen :class:`Ruleset`; the
engine plays them and the rulebook generator writes them out as prose::

    >>> import auctionrules
    >>> ruleset = auctionrules.load_ruleset("hig-1992-en")
    >>> game = auctionrules.play_game(ruleset, players=4, seed=1)
    >>> game.is_over
    True

The names below are imported on first use, so that ``import auctionrules``
(and with it ``auctionrules validate``) starts fast; the subpackages
:mod:`auctionrules.loader`, :mod:`auctionrules.engine` and
:mod:`auctionrules.rulebook` hold the full API.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from auctionrules.engine import (
        Game,
        GameOverError,
        IllegalActionError,
        MalformedActionError,
        RandomAgent,
        play_game,
        replay,
    )
    from auctionrules.loader import Problem, RulesetError, load_ruleset, validate_file
    from auctionrules.model import AUCTION_TYPES, Ruleset
    from auctionrules.rulebook import render
    from auctionrules.text import Text

#: Public name -> the module that defines it.
_LAZY = {
    "AUCTION_TYPES": "auctionrules.model",
    "Ruleset": "auctionrules.model",
    "Text": "auctionrules.text",
    "Problem": "auctionrules.loader",
    "RulesetError": "auctionrules.loader",
    "load_ruleset": "auctionrules.loader",
    "validate_file": "auctionrules.loader",
    "Game": "auctionrules.engine",
    "GameOverError": "auctionrules.engine",
    "IllegalActionError": "auctionrules.engine",
    "MalformedActionError": "auctionrules.engine",
    "RandomAgent": "auctionrules.engine",
    "ChoiceAgent": "auctionrules.engine",
    "play_game": "auctionrules.engine",
    "replay": "auctionrules.engine",
    "render": "auctionrules.rulebook",
}

__all__ = [
    "AUCTION_TYPES",
    "ChoiceAgent",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "MalformedActionError",
    "Problem",
    "RandomAgent",
    "Ruleset",
    "RulesetError",
    "Text",
    "load_ruleset",
    "play_game",
    "render",
    "replay",
    "validate_file",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'auctionrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
