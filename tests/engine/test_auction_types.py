"""The auction types read the game and change only their lot.

Checked on their source (``engine/auctions/*.py``), as ``test_history.py`` checks
the history's writers: a call of the game is one of its read-only questions, and
nothing rooted at the game is assigned. Where an auction type settles its lot it
returns a :class:`~auctionrules.engine.auctions.base.Settlement`, which the round
flow carries out (``flow.settle``): one place moves the money and the cards.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from auctionrules.engine import auctions
from auctionrules.engine.auctions.base import NO_BID, UNSOLD, free, sold

from ..conftest import source_of

AUCTIONS = sorted(source_of(auctions).parent.glob("*.py"))
#: What an auction type may ask the game: its legal ranges and hands, nothing that
#: changes it; and its compiled rules' strategies (frozen), which may change the lot.
QUESTIONS = frozenset(("bid_range", "price_range", "companions", "leadable"))
#: A container's ways of changing itself.
MUTATORS = frozenset(("append", "extend", "insert", "pop", "remove", "clear", "update"))


#: The compiled rules, and the strategy the state keeps of them (``State._ending``).
RULES = frozenset(("rules", "_ending"))


def _rules(node: ast.expr) -> bool:
    """Whether ``node`` is ``game.rules`` (or the state's copy of one of its
    strategies) or something reached from it."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute) and node.attr in RULES:
            return isinstance(node.value, ast.Name) and node.value.id == "game"
        node = node.value
    return False


def rooted_at(node: ast.expr, name: str = "game") -> bool:
    """Whether ``node`` is ``name`` or something reached from it (``name.a[b].c``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name) and node.id == name


def assigned(node: ast.AST) -> list[ast.expr]:
    """The targets ``node`` assigns, if it is an assignment."""
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def changes_to_the_game(source: str) -> list[str]:
    """Each call of the game that is not a question, and each assignment to something
    of the game's."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            func = node.func
            asks = (isinstance(func.value, ast.Name) and func.attr in QUESTIONS) or (
                _rules(func.value) and func.attr not in MUTATORS
            )
            if rooted_at(func.value) and not asks:
                found.append(f"line {node.lineno}: calls {ast.unparse(func)}")
        for target in assigned(node):
            for part in ast.walk(target):
                if isinstance(part, (ast.Attribute, ast.Subscript)) and rooted_at(part):
                    found.append(f"line {node.lineno}: assigns {ast.unparse(target)}")
                    break
    return sorted(found, key=lambda text: int(text.split(":")[0].split()[1]))


@pytest.mark.parametrize("path", AUCTIONS, ids=lambda p: p.name)
def test_an_auction_type_only_asks_the_game(path: Path) -> None:
    assert changes_to_the_game(path.read_text(encoding="utf-8")) == []


def test_the_check_sees_a_change() -> None:
    source = (
        "game.take_free(lot, seat)\n"
        "game.lot = None\n"
        "game.cash[seat] -= 1\n"
        "game.rules.orders[0].append(1)\n"
        "span = game.price_range(seat)\n"
        "lot.asker = game.rules.orders[seat][0]\n"
        "asker = game.rules.open_ending.first(lot)\n"
    )
    assert changes_to_the_game(source) == [
        "line 1: calls game.take_free",
        "line 2: assigns game.lot",
        "line 3: assigns game.cash[seat]",
        "line 4: calls game.rules.orders[0].append",
    ]


def test_settlements_name_what_becomes_of_the_lot() -> None:
    assert (NO_BID.kind, UNSOLD.kind) == ("no-bid", "unsold")
    assert (sold(2, 9000).kind, sold(2, 9000).seat, sold(2, 9000).price) == ("sold", 2, 9000)
    assert (free(1).kind, free(1).seat, free(1).price) == ("free", 1, 0)
