"""Helpers of the agent tests: every bundled table, a checking seat, a reachability walk."""

from __future__ import annotations

import gc
import types
from collections.abc import Iterator
from typing import Any

from auctionrules import resources
from auctionrules.engine import Game, Legal, View
from auctionrules.engine.actions import Action, Bid, Price
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.loader import load_ruleset


def tables() -> list[tuple[str, tuple[str, ...], int]]:
    """``(variant, modules, players)`` for every bundled variant and player count,
    each variant also with each of its optional modules and with ``two-player``."""
    out = []
    for variant in resources.bundled_variant_ids():
        base = load_ruleset(variant)
        options: list[tuple[str, ...]] = [()]
        options += [(m,) for m in base.optional_modules]
        if 2 not in base.supported_players:
            options.append(("two-player",))
        for modules in options:
            ruleset = load_ruleset(variant, list(modules))
            players = ruleset.supported_players if not modules else (
                (2,) if modules == ("two-player",) else (3,) if "mystery-hand" in modules
                else (4,)
            )
            out += [(variant, modules, n) for n in players]
    return out


def rules_of(variant: str, modules: tuple[str, ...], players: int) -> Rules:
    """The compiled rules of a table."""
    return rules_for(load_ruleset(variant, list(modules)), players)


class Checked:
    """Wraps an agent: checks it gets a view (not the game) and answers legally."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.decisions = 0

    def act(self, view: Any, legal: Legal) -> Action:
        assert isinstance(view, View), f"an agent was handed {type(view).__name__}"
        action = self.agent.act(view, legal)
        assert action in legal, f"{action} is not in {legal!r}"
        if isinstance(action, Bid):
            assert legal.bid is not None
        if isinstance(action, Price):
            assert legal.price is not None
        self.decisions += 1
        return action


#: Objects whose referents are code, not game data: not followed.
_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
         types.CodeType, types.MethodType)


def reachable(*roots: object) -> Iterator[object]:
    """Every object reachable from ``roots`` through data (not through classes,
    modules or functions, which lead to the whole interpreter)."""
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, _CODE):
            continue
        stack.extend(gc.get_referents(obj))


def reaches_a_game(*roots: object) -> bool:
    """Whether a :class:`Game` is reachable from ``roots``."""
    return any(isinstance(obj, Game) for obj in reachable(*roots))
