"""The state, the flow and the game: three layers, each with its own job.

``State`` (``engine/state.py``) holds the fields and answers the rules' questions
about them, changing nothing; the round flow (``engine/flow.py``) is functions
that change a state; ``Game`` is the step API over a state it holds. Checked on
the source, as ``test_history.py`` checks the history's writers.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from auctionrules.engine import Game, RandomAgent, flow
from auctionrules.engine import state as state_module
from auctionrules.engine.lot import FIELDS as LOT_FIELDS
from auctionrules.engine.lot import Lot
from auctionrules.engine.state import State

from .conftest import ruleset
from .test_auction_types import MUTATORS, QUESTIONS, assigned, rooted_at

#: The methods of ``State`` that may write to it: its making, its copy, and the
#: random generator seeded on first use (most games never need one).
WRITERS = frozenset(("__init__", "copy", "rng"))


def writes(source: str, cls: str = "State") -> list[str]:
    """Each assignment to something of ``self``'s, and each call that changes a
    container of ``self``'s, in the methods of class ``cls`` that may not write."""
    found = []
    tree = ast.parse(source)
    for klass in (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls):
        for method in klass.body:
            if not isinstance(method, ast.FunctionDef) or method.name in WRITERS:
                continue
            for node in ast.walk(method):
                for target in assigned(node):
                    parts = target.elts if isinstance(target, ast.Tuple) else [target]
                    found += [
                        f"{method.name}: assigns {ast.unparse(part)}"
                        for part in parts
                        if rooted_at(part, "self")
                    ]
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in MUTATORS
                    and rooted_at(node.func.value, "self")
                ):
                    found.append(f"{method.name}: calls {ast.unparse(node.func)}")
    return found


def test_the_state_changes_nothing_but_in_its_making_and_copy() -> None:
    assert writes(Path(state_module.__file__).read_text(encoding="utf-8")) == []


def test_the_scan_finds_a_write() -> None:
    """The scan can fail: a question that writes to the state is found."""
    source = (
        "class State:\n"
        "    def __init__(self):\n"
        "        self.cash = ()\n"
        "    def bid_range(self, seat):\n"
        "        self.cash, other = (), 1\n"
        "        self.hands[seat].append(3)\n"
        "        self.counts[0] += 1\n"
        "        return None\n"
    )
    assert sorted(writes(source)) == [
        "bid_range: assigns self.cash",
        "bid_range: assigns self.counts[0]",
        "bid_range: calls self.hands[seat].append",
    ]


def test_the_auction_types_ask_the_state_its_questions_only() -> None:
    """The questions the auction types may ask (``test_auction_types``) are the
    state's methods besides its copy and its comparable value: one list, kept in
    step with the class."""
    asked = {
        name
        for name, member in vars(State).items()
        if inspect.isfunction(member) and not name.startswith("_")
        and name not in ("copy", "snapshot")
    }
    assert asked == QUESTIONS


def test_the_game_holds_a_plain_state_and_the_flow_is_functions() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=1)
    assert not issubclass(Game, State)
    assert type(game.state) is State
    assert not [name for name, member in vars(flow).items() if isinstance(member, type)
                and member.__module__ == flow.__name__]  # (the flow is functions)
    assert game.hands is game.state.hands and game.cash is game.state.cash
    with pytest.raises(AttributeError):
        game.cash = (0, 0, 0, 0)  # type: ignore[misc]


def test_a_clone_copies_the_state_and_shares_what_never_changes() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=2)
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(30):
        seat = game.to_act()[0]
        game.step(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    before = game.snapshot()
    twin = game.clone()
    assert twin.state is not game.state and twin.rules is game.rules
    assert twin.start is game.start
    twin.playout(agents)
    assert game.snapshot() == before
    assert twin.is_over and not game.is_over


def _declared(tree: ast.Module, cls: str, block: bool = False) -> dict[str, str]:
    """The annotations written in class ``cls`` and the return annotations of its
    properties; with ``block``, those of its ``if TYPE_CHECKING:`` block only."""
    klass = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    root: ast.AST = klass
    if block:
        root = next(
            n for n in klass.body
            if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
        )
        root = ast.Module(body=root.body, type_ignores=[])  # type: ignore[attr-defined]
    found: dict[str, str] = {}
    for node in ast.walk(root):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found[node.target.id] = ast.unparse(node.annotation)
        elif isinstance(node, ast.FunctionDef) and node.returns is not None and any(
            isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list
        ):
            found[node.name] = ast.unparse(node.returns)
    return found


def test_the_game_reads_out_the_state_s_fields_with_their_types() -> None:
    """The game's read-only properties are typed for mypy in its own class; those
    declarations mirror the state's, name for name and type for type, and are the
    fields it reads out at run time."""
    from auctionrules.engine import game as game_module

    source = Path(game_module.__file__).read_text("utf-8")
    mirrored = _declared(ast.parse(source), "Game", block=True)
    state_types = _declared(ast.parse(Path(state_module.__file__).read_text("utf-8")), "State")
    assert set(mirrored) == set(game_module._FIELDS)
    assert {name: state_types.get(name) for name in mirrored} == mirrored


def test_a_lot_copy_has_every_field_and_shares_no_list() -> None:
    """``Lot.copy`` is written out field by field, so a field added to ``FIELDS`` and
    forgotten there would be lost from every clone: every field of a lot whose fields
    all differ from a new lot's must come through, the lists as copies."""
    fresh = Lot(4, 1, 7, 2)
    lot = Lot(4, 1, 7, 2)
    values = {
        "adder": 2, "asker": 3, "auctioneer": 2, "bids": [(3, 5)], "cards": [7, 9],
        "high": 5, "high_bidder": 3, "kind": 0, "leader": 3, "n": 5, "order": (2, 3, 0, 1),
        "out": 4, "passes": 2, "pos": 1, "price": 6, "sealed": [None, 0, 5, None],
        "limits": [None, 8, None, 0],
    }
    assert set(values) == set(LOT_FIELDS) == set(Lot.__slots__)
    for name, value in values.items():
        setattr(lot, name, value)
    changed = [name for name in LOT_FIELDS if getattr(lot, name) != getattr(fresh, name)]
    assert changed == list(LOT_FIELDS)
    twin = lot.copy()
    for name in LOT_FIELDS:
        assert getattr(twin, name) == getattr(lot, name), name
        if isinstance(getattr(lot, name), list):
            assert getattr(twin, name) is not getattr(lot, name), name
