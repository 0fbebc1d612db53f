"""The history: every entry is built by its constructor in ``engine/history.py``, and
only the round flow writes.

Checked on the engine's source, as ``tests/test_layers.py`` checks imports: a tuple
literal that starts with an entry's kind and goes on with its round, or a direct
``append`` to the log, anywhere but in the history module, is an entry built by hand;
a constructor called anywhere but in the flow (``flow.py``, ``decisions.py``) is a
second writer. Then each constructor is read back: the kinds they make are the
kinds there are, and their fields are what the events say.
"""

from __future__ import annotations

import ast
from pathlib import Path

from auctionrules import engine
from auctionrules.engine import play_game
from auctionrules.engine.actions import BUY, FLIP, PASS, Action, bid_of, price_of
from auctionrules.engine.history import (
    COMPACT,
    KINDS,
    History,
    actions_of,
    materialise,
    round_entries,
)
from auctionrules.engine.rules import compile_rules
from auctionrules.loader import load_ruleset

ENGINE = Path(engine.__file__).parent
PACKAGE = ENGINE.parent.parent
SOURCES = sorted(ENGINE.rglob("*.py"))
HISTORY = ENGINE / "history.py"
#: The round flow: the history's only writers.
WRITERS = {ENGINE / "flow.py", ENGINE / "decisions.py"}
#: The constructors, the history's way of writing a ready entry, a list's own ways of
#: adding to it.
CONSTRUCTORS = frozenset(name for name in vars(History) if not name.startswith("_")) - {"write"}
WRITING = CONSTRUCTORS | {"write"}
MUTATORS = frozenset(("append", "extend", "insert", "__setitem__", "__iadd__"))
#: Names the engine gives the history (the attribute, and its locals).
LOG_NAMES = frozenset(("_raw", "raw", "history"))


def _names_the_log(node: ast.expr) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "_raw"
    return isinstance(node, ast.Name) and node.id in LOG_NAMES


def hand_built(source: str) -> list[str]:
    """Entries built, or appended to the log, by hand in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Tuple)
            and len(node.elts) >= 3  # (kind, round, then the seat or the fields)
            and isinstance(node.elts[0], ast.Constant)
            and node.elts[0].value in KINDS
            and not (isinstance(node.elts[1], ast.Constant) and isinstance(node.elts[1].value, str))
        ):
            found.append(f"line {node.lineno}: a {node.elts[0].value!r} entry built by hand")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in MUTATORS
            and _names_the_log(node.value)
        ):
            found.append(f"line {node.lineno}: the log's {node.attr} called directly")
    return found


def writes(source: str) -> list[str]:
    """Calls of the history's constructors or ``write`` (or mentions of them hoisted) in
    ``source``."""
    return [
        f"line {node.lineno}: {node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr in WRITING
        and _names_the_log(node.value)
    ]


def test_no_entry_is_built_outside_the_history() -> None:
    wrong = {
        str(path.relative_to(PACKAGE)): found
        for path in SOURCES
        if path != HISTORY and (found := hand_built(path.read_text(encoding="utf-8")))
    }
    assert wrong == {}


def test_only_the_round_flow_writes_the_history() -> None:
    wrong = {
        str(path.relative_to(PACKAGE)): found
        for path in SOURCES
        if path not in WRITERS
        and path != HISTORY
        and (found := writes(path.read_text(encoding="utf-8")))
    }
    assert wrong == {}
    # (and the auction types never see it at all: they return what happened)
    for path in (ENGINE / "auctions").glob("*.py"):
        assert "_raw" not in path.read_text(encoding="utf-8"), path


def test_the_checks_see_a_hand_built_entry_and_a_writer() -> None:
    """The scans find what they look for (a check that cannot fail would prove nothing),
    and leave a tuple of kinds or a key-value pair alone."""
    source = (
        "game._raw.append(('reveal', game.round + 1, {'bids': bids}))\n"
        "raw.append(entry)\n"
        "entry = ('pass', number, seat)\n"
        "QUIET = frozenset(('bid', 'pass', 'sealed-bid'))\n"
        "pairs = (('price', price), ('pass', 0))\n"
        "game._raw.price(number, seat, price)\n"
        "bid = history.bid\n"
        "history.write(ready)\n"
    )
    assert sorted(hand_built(source)) == [
        "line 1: a 'reveal' entry built by hand",
        "line 1: the log's append called directly",
        "line 2: the log's append called directly",
        "line 3: a 'pass' entry built by hand",
    ]
    assert sorted(writes(source)) == ["line 6: price", "line 7: bid", "line 8: write"]
    for path in WRITERS:
        assert writes(path.read_text(encoding="utf-8")), path


def _one_of_each() -> History:
    history = History()
    names = ("a/open", "a/double")
    history.deal(1, [3, 3], 10)
    history.play(1, 0, "a/double")
    history.add(1, 1, "a/open")
    history.bid(1, 2, 5000)
    history.pass_(1, 0)
    history.price(1, 1, 7000)
    history.buy(1, 2)
    history.sealed_bid(1, 0, 3000)
    history.sealed_bid(1, 1, None)
    history.reveal(1, [3000, 0])
    history.sold(1, names, 2, 7000, [0, 1], 1, ((1, 7000),))
    history.taken_free(1, 0, ["a/open"], 0)
    history.unsold(1, ["a/open"])
    history.flip(1, 1, 0, "a/open")
    history.dummy_flip(1, 1, 0, "a/open")
    history.round_end(1, ids=("a",), reason="artist-cards", artist=0, counts=[5],
                      names=names, unsold=[0])
    history.scored(1, ids=("a",), ranked=(0,), added=(30,), board=[[30], [0]], round_index=0,
                   values=(30,), payouts=(30, 0))
    history.game_end(1, "rounds-complete", [100, 90], [0])
    return history


def test_each_constructor_makes_an_entry_its_readers_read() -> None:
    history = _one_of_each()
    assert {name for name in CONSTRUCTORS} == {
        "deal", "play", "add", "bid", "pass_", "price", "buy", "sealed_bid", "reveal", "sold",
        "taken_free", "unsold", "flip", "dummy_flip", "round_end", "scored", "game_end",
    }
    events = [materialise(entry) for entry in history]
    assert {event.kind for event in events} == set(KINDS)
    assert all(event.round == 1 for event in events)
    by_kind = {event.kind: event.fields for event in reversed(events)}  # (the first of each)
    for kind, names in COMPACT.items():
        assert tuple(by_kind[kind]) == names, kind
    assert events[8].fields == {"seat": 1}  # (an empty fist, hidden like a bid)
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


def test_the_compact_entries_are_the_action_log() -> None:
    rules = compile_rules(load_ruleset("hig-1992-en"), 3)
    history = History()
    history.play(1, 0, "lite-metal/open")
    history.add(1, 1, "lite-metal/sealed")
    history.bid(1, 2, 5000)
    history.pass_(1, 0)
    history.price(1, 1, 7000)
    history.buy(1, 2)
    history.sealed_bid(1, 0, 3000)
    history.sealed_bid(1, 1, None)
    history.reveal(1, [3000, 0, 0])  # (not an action)
    history.flip(1, 1, 0, "lite-metal/open")
    history.dummy_flip(1, 1, 0, "lite-metal/open")  # (not an action)
    by_name = rules.codec.by_name
    expected: list[tuple[int, Action]] = [
        (0, rules.plays[by_name["lite-metal/open"]]),
        (1, rules.adds[by_name["lite-metal/sealed"]]),
        (2, bid_of(5000)), (0, PASS), (1, price_of(7000)), (2, BUY),
        (0, bid_of(3000)), (1, PASS), (1, FLIP),
    ]
    assert list(actions_of(history, 0, rules)) == expected
    assert list(actions_of(history, 3, rules)) == expected[3:]


def test_the_entries_made_once_a_round_are_the_constructors() -> None:
    names = ("a/open", "a/double", "b/sealed")
    passes, buys, empty_fists, plays = round_entries(2, 3, names)
    made = History()
    for seat in range(3):
        made.pass_(2, seat)
        made.buy(2, seat)
        made.sealed_bid(2, seat, None)
        for name in names:
            made.play(2, seat, name)
    expected = [
        entry for seat in range(3)
        for entry in (passes[seat], buys[seat], empty_fists[seat], *plays[seat])
    ]
    assert made == expected
    assert round_entries(2, 3, names)[0] is passes  # (made once, in any game)


def test_a_game_writes_only_the_kinds_there_are() -> None:
    for seed in range(3):
        game = play_game(load_ruleset("hig-1992-en"), 4, seed)
        assert type(game._raw) is History
        assert {entry[0] for entry in game._raw} <= set(KINDS)
        assert type(game.clone()._raw) is History
