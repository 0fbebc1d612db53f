"""The history: every entry is built by its constructor in ``engine/history.py``, and
only the round flow and the auction types (which own their flows) append to it.

Checked on the engine's source, as ``tests/test_layers.py`` checks imports: a tuple
literal that starts with an entry's kind and goes on with its round, anywhere but in
the history module, is an entry built by hand; an ``append`` to the history anywhere
but in the round flow (``flow.py``, ``decisions.py``) and the auction types' flows
(``auctions/*.py``) is a second writer; and what they append must come from a
constructor (called there, or made once by ``round_entries``). Then each
constructor is read back: the kinds they make are the kinds there are, and their
fields are what the events say.
"""

from __future__ import annotations

import ast

from auctionrules import engine
from auctionrules.engine import history, play_game
from auctionrules.engine.actions import BUY, FLIP, PASS, Action, Limit, bid_of, price_of
from auctionrules.engine.hiding import seen, sight
from auctionrules.engine.history import (
    COMPACT,
    KINDS,
    Entry,
    actions_of,
    materialise,
    round_entries,
)
from auctionrules.engine.rules import compile_rules
from auctionrules.loader import load_ruleset

from ..conftest import source_of

ENGINE = source_of(engine).parent
PACKAGE = ENGINE.parent.parent
SOURCES = sorted(ENGINE.rglob("*.py"))
HISTORY = ENGINE / "history.py"
#: The round flow and the auction types' flows: the history's only writers.
WRITERS = {
    ENGINE / "flow.py",
    ENGINE / "decisions.py",
    *(path for path in (ENGINE / "auctions").glob("*.py") if path.stem not in ("__init__", "base")),
}
#: The constructors: the functions of the history module that return an entry.
CONSTRUCTORS = frozenset(
    node.name
    for node in ast.parse(HISTORY.read_text("utf-8")).body
    if isinstance(node, ast.FunctionDef)
    and node.returns is not None and ast.unparse(node.returns) == "Entry"
)
#: A list's ways of adding to itself.
MUTATORS = frozenset(("append", "extend", "insert", "__setitem__", "__iadd__"))


def _is_log(node: ast.expr) -> bool:
    """``<anything>._raw`` (the history's attribute) or a local named ``raw``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "_raw"
    return isinstance(node, ast.Name) and node.id == "raw"


def _assigned(tree: ast.AST) -> list[tuple[str, ast.expr]]:
    """``(name, value)`` of every plain assignment, tuples unpacked."""
    pairs = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    pairs.append((target.id, node.value))
                elif (
                    isinstance(target, ast.Tuple)
                    and isinstance(node.value, ast.Tuple)
                    and len(target.elts) == len(node.value.elts)
                ):
                    pairs += [
                        (t.id, v)
                        for t, v in zip(target.elts, node.value.elts, strict=True)
                        if isinstance(t, ast.Name)
                    ]
    return pairs


def _is_constructor(node: ast.expr, hoisted: set[str]) -> bool:
    """``entry.<constructor>`` (the history module under any name) or a local it was
    hoisted to."""
    if isinstance(node, ast.Attribute):
        return node.attr in CONSTRUCTORS
    return isinstance(node, ast.Name) and node.id in hoisted


def hand_built(source: str) -> list[str]:
    """Entries built by hand in ``source``."""
    return [
        f"line {node.lineno}: a {node.elts[0].value!r} entry built by hand"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Tuple)
        and len(node.elts) >= 3  # (kind, round, then the seat or the fields)
        and isinstance(node.elts[0], ast.Constant)
        and node.elts[0].value in KINDS
        and not (isinstance(node.elts[1], ast.Constant) and isinstance(node.elts[1].value, str))
    ]


def writes(source: str) -> list[str]:
    """The places ``source`` adds to the history (or hoists a way to)."""
    return [
        f"line {node.lineno}: {node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in MUTATORS and _is_log(node.value)
    ]


def not_constructed(source: str) -> list[str]:
    """What ``source`` appends to the history that is neither a constructor's entry nor
    a ready entry (a subscript of ``round_entries``'s tables)."""
    tree = ast.parse(source)
    pairs = _assigned(tree)
    appends = {
        name for name, value in pairs
        if isinstance(value, ast.Attribute) and value.attr == "append" and _is_log(value.value)
    }
    hoisted = {name for name, value in pairs if _is_constructor(value, set())}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if not (
            (isinstance(func, ast.Name) and func.id in appends)
            or (isinstance(func, ast.Attribute) and func.attr == "append" and _is_log(func.value))
        ):
            continue
        (arg,) = node.args
        made = isinstance(arg, ast.Subscript) or (
            isinstance(arg, ast.Call) and _is_constructor(arg.func, hoisted)
        )
        if not made:
            found.append(f"line {node.lineno}: {ast.unparse(arg)}")
    return found


def test_no_entry_is_built_outside_the_history() -> None:
    wrong = {
        str(path.relative_to(PACKAGE)): found
        for path in SOURCES
        if path != HISTORY and (found := hand_built(path.read_text(encoding="utf-8")))
    }
    assert wrong == {}


def test_only_the_round_flow_writes_the_history_and_only_what_is_constructed() -> None:
    wrong = {
        str(path.relative_to(PACKAGE)): found
        for path in SOURCES
        if path not in WRITERS and (found := writes(path.read_text(encoding="utf-8")))
    }
    assert wrong == {}
    for path in WRITERS:
        source = path.read_text(encoding="utf-8")
        assert writes(source), path  # (the check sees the writing it allows)
        assert not_constructed(source) == [], path
    # (and nothing reaches for the game's own list: the flows write through ``raw``)
    for path in (ENGINE / "auctions").glob("*.py"):
        assert "_raw" not in path.read_text(encoding="utf-8"), path


def test_the_checks_see_what_they_look_for() -> None:
    """The scans find an entry built by hand, a writer and an append of something not
    constructed (a check that cannot fail would prove nothing), and leave alone a tuple
    of kinds, a key-value pair, a constructor's entry and a ready one."""
    source = (
        "game._raw.append(('reveal', game.round + 1, {'bids': bids}))\n"
        "raw.append(kept)\n"
        "entry = ('pass', number, seat)\n"
        "QUIET = frozenset(('bid', 'pass', 'sealed-bid'))\n"
        "pairs = (('price', price), ('pass', 0))\n"
        "self._raw.append(entry.price(number, seat, price))\n"
        "append, bid_entry = game._raw.append, entry.bid\n"
        "append(bid_entry(number, seat, amount))\n"
        "append(pass_of[seat])\n"
        "append((kind, number, fields))\n"
    )
    assert sorted(hand_built(source)) == [
        "line 1: a 'reveal' entry built by hand",
        "line 3: a 'pass' entry built by hand",
    ]
    assert sorted(writes(source)) == [
        "line 1: append", "line 2: append", "line 6: append", "line 7: append",
    ]
    assert not_constructed(source) == [
        "line 1: ('reveal', game.round + 1, {'bids': bids})",
        "line 2: kept",
        "line 10: (kind, number, fields)",
    ]


def _actions(lead: str, second: str) -> list[Entry]:
    """One entry of each kind of action but a flip (a lead, a second card, a bid, a
    pass, a price, a purchase, a sealed bid, an empty fist)."""
    return [
        history.play(1, 0, lead),
        history.add(1, 1, second),
        history.bid(1, 2, 5000),
        history.pass_(1, 0),
        history.price(1, 1, 7000),
        history.buy(1, 2),
        history.sealed_bid(1, 0, 3000),
        history.sealed_bid(1, 1, None),
    ]


def _one_of_each() -> list[Entry]:
    names = ("a/open", "a/double")
    return [
        history.deal(1, [3, 3], 10),
        *_actions("a/double", "a/open"),
        history.reveal(1, [3000, 0]),
        history.sold(1, names, 2, 7000, [0, 1], 1, ((1, 7000),)),
        history.taken_free(1, 0, ["a/open"], 0),
        history.unsold(1, ["a/open"]),
        history.flip(1, 1, 0, "a/open"),
        history.dummy_flip(1, 1, 0, "a/open"),
        history.round_end(1, ("a",), "artist-cards", 0, [5], names, [0]),
        history.scored(1, ("a",), (0,), (30,), [[30], [0]], 0, (30,), (30, 0)),
        history.game_end(1, "rounds-complete", [100, 90], [0]),
        history.limit(1, 2, 9000, False),
        history.price_falls(1, 15000),
        history.automatic_bid(1, 2, 6000),
        history.automatic_pass(1, 0),
    ]


def test_each_constructor_makes_an_entry_its_readers_read() -> None:
    entries = _one_of_each()
    assert {name for name in CONSTRUCTORS} == {
        "deal", "play", "add", "bid", "pass_", "price", "buy", "sealed_bid", "reveal", "sold",
        "taken_free", "unsold", "flip", "dummy_flip", "round_end", "scored", "game_end",
        "limit", "automatic_bid", "automatic_pass", "price_falls",
    }
    events = [materialise(entry) for entry in entries]
    assert {event.kind for event in events} == set(KINDS)
    assert all(event.round == 1 for event in events)
    by_kind = {event.kind: event.fields for event in reversed(events)}  # (the first of each)
    for kind, names in COMPACT.items():
        assert tuple(by_kind[kind]) == names, kind
    assert events[8].fields == {"seat": 1, "amount": None}  # (an empty fist)
    # a sealed bid's amount, and the fist's emptiness, is its seat's alone until the reveal
    rules = compile_rules(load_ruleset("hig-1992-en"), 3)
    for index in (7, 8):
        entry, seat = entries[index], events[index]["seat"]
        assert seen(entry, sight(rules, seat)) == events[index]
        assert seen(entry, sight(rules, None)).fields == {"seat": seat}  # type: ignore[union-attr]
        assert seen(entry, sight(rules, 1 - seat)).fields == {"seat": seat}  # type: ignore[union-attr]
    assert by_kind["deal"] == {"cards": [3, 3], "deck": 10}
    assert by_kind["reveal"] == {"bids": [3000, 0]}
    assert events[10].fields == {
        "seat": 2, "price": 7000, "cards": ["a/open", "a/double"], "auctioneer": 1,
        "payments": [[1, 7000]],
    }
    assert events[11].fields == {
        "seat": 0, "price": 0, "cards": ["a/open"], "auctioneer": 0, "payments": [],
        "free": True,
    }
    assert events[14].fields == {"seat": 1, "hand": 0, "card": "a/open"}  # (automatic)
    assert by_kind["round-end"] == {
        "reason": "artist-cards", "artist": "a", "counts": {"a": 5}, "unsold": ["a/open"],
    }
    assert by_kind["scored"] == {
        "ranked": ["a"], "added": {"a": 30}, "totals": {"a": 30}, "board": {"a": 30},
        "values": {"a": 30}, "payouts": [30, 0],
    }
    assert by_kind["game-end"] == {"reason": "rounds-complete", "cash": [100, 90], "winners": [0]}
    assert by_kind["limit"] == {"seat": 2, "amount": 9000, "out": False}
    assert by_kind["price-falls"] == {"amount": 15000}
    # the engine's answers on a limit: the events of a bid and a pass, marked, not actions
    assert events[-2].fields == {"seat": 2, "amount": 6000, "automatic": True}
    assert events[-1].fields == {"seat": 0, "automatic": True}


def test_the_compact_entries_are_the_action_log() -> None:
    rules = compile_rules(load_ruleset("hig-1992-en"), 3)
    entries = [
        *_actions("lite-metal/open", "lite-metal/sealed"),
        history.reveal(1, [3000, 0, 0]),  # (not an action)
        history.flip(1, 1, 0, "lite-metal/open"),
        history.dummy_flip(1, 1, 0, "lite-metal/open"),  # (not an action)
        history.limit(1, 2, 9000, True),
        history.automatic_bid(1, 2, 6000),  # (not an action)
        history.automatic_pass(1, 0),  # (not an action)
    ]
    by_name = rules.codec.by_name
    expected: list[tuple[int, Action]] = [
        (0, rules.plays[by_name["lite-metal/open"]]),
        (1, rules.adds[by_name["lite-metal/sealed"]]),
        (2, bid_of(5000)), (0, PASS), (1, price_of(7000)), (2, BUY),
        (0, bid_of(3000)), (1, PASS), (1, FLIP), (2, Limit(9000)),
    ]
    assert list(actions_of(entries, 0, rules)) == expected
    assert list(actions_of(entries, 3, rules)) == expected[3:]


def test_the_entries_made_once_a_round_are_the_constructors() -> None:
    names = ("a/open", "a/double", "b/sealed")
    passes, buys, empty_fists, plays = round_entries(2, 3, names)
    for seat in range(3):
        assert passes[seat] == history.pass_(2, seat)
        assert buys[seat] == history.buy(2, seat)
        assert empty_fists[seat] == history.sealed_bid(2, seat, None)
        assert list(plays[seat]) == [history.play(2, seat, name) for name in names]
    assert round_entries(2, 3, names)[0] is passes  # (made once, in any game)


def test_a_game_writes_only_the_kinds_there_are() -> None:
    for seed in range(3):
        game = play_game(load_ruleset("hig-1992-en"), 4, seed)
        assert {entry[0] for entry in game._raw} <= set(KINDS)
