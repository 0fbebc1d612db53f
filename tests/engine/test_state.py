"""The state, the flow and the game: three layers, each with its own job.

``State`` (``engine/state.py``) holds the fields and answers the rules' questions
about them, changing nothing; the round flow (``engine/flow.py``) is functions
that change a state; ``Game`` is the step API over a state it holds. Checked on
the source, as ``test_history.py`` checks the history's writers.
"""

from __future__ import annotations

import ast

from auctionrules.engine import COMPILED, Game, RandomAgent, flow
from auctionrules.engine import state as state_module
from auctionrules.engine.lot import FIELDS as LOT_FIELDS
from auctionrules.engine.lot import Lot
from auctionrules.engine.state import State

from ..conftest import source_of
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
    assert writes(source_of(state_module).read_text(encoding="utf-8")) == []


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
    tree = ast.parse(source_of(state_module).read_text("utf-8"))
    klass = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    asked = {
        node.name
        for node in klass.body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
        and not node.decorator_list and node.name not in ("copy", "snapshot")
    }
    assert asked == QUESTIONS


def test_the_game_holds_a_plain_state_and_the_flow_is_functions() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=1)
    assert not issubclass(Game, State)
    assert type(game.state) is State
    assert not [name for name, member in vars(flow).items() if isinstance(member, type)
                and member.__module__ == flow.__name__]  # (the flow is functions)
    assert not hasattr(game, "cash") and not hasattr(game, "hands")  # (the state's)


def test_a_clone_copies_the_state_and_shares_what_never_changes() -> None:
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=2)
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(30):
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    before = game.snapshot()
    twin = game.clone()
    assert twin.state is not game.state and twin.rules is game.rules
    assert twin.state.start is game.state.start
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


def test_the_game_s_public_names_are_those_docs_engine_rst_lists() -> None:
    """A small public surface: what ``docs/engine.rst`` lists ("The game's public
    names"), no more, no less (the position itself is the state's)."""
    import re
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "engine.rst").read_text("utf-8")
    section = docs.split("The game's public names\n", 1)[1].split("\n---", 1)[0]
    listed = {name for line in section.splitlines() if line.startswith("``")
              for name in re.findall(r"``(\w+)``", line.split("   ")[0])}
    game = Game.new(ruleset("hig-1992-en"), players=4, seed=1)
    public = {name for name in dir(game) if not name.startswith("_")}
    assert public == listed
    assert len(public) <= 24


def test_a_state_copy_has_every_field_and_shares_no_list() -> None:
    """``State.copy`` is written out field by field: every field the class declares
    comes through a copy made mid-auction (the random generator drawn from first),
    equal, with no list shared, and the copy moves on alone."""
    game = Game.new(ruleset("hig-1992-en"),
                    players=4, seed=5)
    agents = [RandomAgent(seat) for seat in range(4)]
    while game.state.lot is None or len(game.state.lot.bids) < 1:
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    state = game.state
    state.rng.random()
    twin = state.copy()
    declared = _declared(ast.parse(source_of(state_module).read_text("utf-8")), "State")
    for name in declared:
        mine, theirs = getattr(state, name), getattr(twin, name)
        if name in ("lot", "_rng", "rng"):
            assert theirs is not mine, name
            continue
        if name in ("rules", "start", "start_extra"):  # (never changed: shared)
            assert theirs is mine, name
            continue
        assert theirs == mine, name
        if isinstance(mine, list):
            assert theirs is not mine, name
            inner = zip(mine, theirs, strict=True)
            assert all(a is not b for a, b in inner if isinstance(a, list)), name
    assert twin.rng.getstate() == state.rng.getstate()
    assert twin.snapshot() == state.snapshot()
    twin.hands[0].clear()
    assert state.hands[0]


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
        "limits": [None, 8, None, 0], "stage": "rebid",
    }
    assert set(values) == set(LOT_FIELDS)
    if not COMPILED:  # (a compiled class has no __slots__ to read)
        assert set(LOT_FIELDS) == set(Lot.__slots__)
    for name, value in values.items():
        setattr(lot, name, value)
    changed = [name for name in LOT_FIELDS if getattr(lot, name) != getattr(fresh, name)]
    assert changed == list(LOT_FIELDS)
    twin = lot.copy()
    for name in LOT_FIELDS:
        assert getattr(twin, name) == getattr(lot, name), name
        if isinstance(getattr(lot, name), list):
            assert getattr(twin, name) is not getattr(lot, name), name


def test_a_game_names_its_own_fields() -> None:
    """``game.FIELDS`` (what a pickle or a clone leaves to ``Game`` itself, not to a
    subclass) is every attribute ``Game.__init__`` sets."""
    from auctionrules.engine import game as game_module

    tree = ast.parse(source_of(game_module).read_text("utf-8"))
    klass = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    init = next(n for n in klass.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    assigned = {
        target.attr
        for node in ast.walk(init)
        for target in (node.targets if isinstance(node, ast.Assign) else
                       [node.target] if isinstance(node, ast.AnnAssign) else [])
        if isinstance(target, ast.Attribute)
    }
    assert assigned == set(game_module.FIELDS)


class _Annotated(Game):
    """An interpreted subclass with state of its own."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.notes = ["start"]


def test_a_subclass_s_own_state_survives_clone_pickle_and_copy() -> None:
    import copy
    import pickle

    game = _Annotated(Game.new(ruleset("hig-1992-en"), players=3, seed=1).state)
    for twin in (game.clone(), pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert type(twin) is _Annotated and twin.notes == ["start"]
        assert twin.snapshot() == game.snapshot() and twin.state is not game.state
