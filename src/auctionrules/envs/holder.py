"""What one OpenSpiel state holds (:class:`Holder`): the engine's game, the record
of what each seat has seen, the cards dealt so far and the position. pyspiel
copies a Python state by deep-copying it, for every state of a simulation and
again to check each move, and pickles it to serialise it: a holder is shared by
copies until one moves, a position (:class:`Position`) keeps what was worked
out at it for every copy there, and a pickle names the table's compiled rules
instead of holding them (:func:`dumps`, :func:`restore`).
"""

from __future__ import annotations

import io
import pickle
import weakref
from collections.abc import Iterable
from functools import cache
from typing import Any

from auctionrules.engine.actions import Action
from auctionrules.engine.events import Event
from auctionrules.engine.game import Game
from auctionrules.engine.views import View
from auctionrules.envs import chance
from auctionrules.envs.observers import Record
from auctionrules.envs.table import Table

#: OpenSpiel's pseudo-players ``PlayerId.CHANCE`` and ``PlayerId.TERMINAL`` as ints (a
#: pybind enum is slow to compare; tests/envs/test_openspiel.py holds them to pyspiel's)
CHANCE = -1
TERMINAL = -4

#: The words of every index (:func:`action_texts`): a decision's, a card dealt's, a
#: dummy card turned over's.
ActionTexts = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


class Position:
    """A position of a game, by identity: the views of it made so far (every observer
    asks for them), and the move last made from it: the move, the holder that made
    it (held weakly) and the position it led to."""

    __slots__ = ("action", "after", "next", "outcomes", "text", "views")

    def __init__(self) -> None:
        self.action = -1
        self.after: weakref.ref[Holder] | None = None
        self.next: Position | None = None
        #: the views of the position made so far, by seat (``None``: the spectator's)
        self.views: dict[int | None, View] = {}
        #: the position in words (``str`` of a state), once asked
        self.text: str | None = None
        #: chance's outcomes here and their probabilities, once asked
        self.outcomes: list[tuple[int, float]] | None = None


class Holder:
    """Everything of one state but its OpenSpiel bookkeeping. pyspiel copies a Python
    state by deep-copying its attributes (for every state of a simulation, and again
    to check each move): a copy here shares the game and the record with the state
    it was made from, and whichever of them moves first takes its own copy
    (:meth:`Game.clone`, tens of microseconds), where a deep copy of the whole game
    took seconds a game. A deep copy is the holder itself, counted in ``copies``
    (a state moving from a holder others hold takes a :meth:`twin` of it first):
    OpenSpiel copies every state two or three times a move, and most copies never
    move. ``token`` names the position (a :class:`Position`): a new
    one at every move, shared by copies that have not moved since, so what was
    computed for it (legal moves here, observations in :mod:`.observers`) holds for
    all of them; and so does the move made from it: a copy that makes the move
    another copy of the same position made takes that one's outcome (OpenSpiel
    checks every move by making it on a copy too)."""

    __slots__ = (
        "__weakref__", "copies", "drawn", "game", "initial", "legal", "owned", "pending",
        "player", "random_flips", "record", "reward", "table", "texts", "token", "total",
    )

    def __init__(self, config: tuple[Table, int, bool, str], texts: ActionTexts) -> None:
        # (the game's settings in one value: OpenSpiel makes a new state for nearly
        # every question it asks of a state's shape)
        self.table, self.total, self.random_flips, self.reward = config
        self.texts = texts
        #: the cards dealt so far, while dealing
        self.drawn: list[int] = []
        self.game: Game | None = None
        #: a move waiting for chance to turn a dummy card over: seat, move, outcomes
        self.pending: tuple[int, Action, chance.FlipOutcomes] | None = None
        self.record: Record | None = None
        #: whether the game and the record are this holder's alone (else copied first)
        self.owned = True
        #: who acts: a seat, chance or terminal (OpenSpiel asks often; kept by ``turn``)
        self.player = CHANCE
        self.token = Position()
        #: the legal indices at ``token`` (``None``: not asked yet)
        self.legal: list[int] | None = None
        #: whether this is the game's start, shared by new states (never changed: a
        #: state copies it before its first move)
        self.initial = False
        #: how many states hold this holder besides the first (copies of a state)
        self.copies = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Holder:
        if not self.initial:
            self.copies += 1
        return self

    def to_change(self) -> Holder:
        """The holder a state that holds this one changes: this one if the state holds it
        alone, else a :meth:`twin` (one holder fewer here)."""
        if self.initial:
            return self.twin()
        if self.copies:
            self.copies -= 1
            return self.twin()
        return self

    def twin(self) -> Holder:
        """A holder of the same position, sharing the game and the record with this one
        (whichever moves first copies them)."""
        twin = Holder.__new__(Holder)
        twin.table, twin.total = self.table, self.total
        twin.random_flips, twin.reward, twin.texts = self.random_flips, self.reward, self.texts
        twin.drawn = list(self.drawn)
        twin.game, twin.record = self.game, self.record
        if self.game is not None:
            self.owned = False
        twin.owned = self.owned
        twin.pending = self.pending  # (immutable)
        twin.player, twin.token, twin.legal = self.player, self.token, self.legal
        twin.initial = False
        twin.copies = 0
        return twin

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # (the compiled rules are the table's: pickled as a reference to it, the rest as
        # usual; OpenSpiel pickles a state for every state it serialises)
        return (restore, (self.table, self.total, self.random_flips, self.reward,
                           dumps(self.table, (self.drawn, self.game, self.pending,
                                               self.record, self.player))))

    def own(self) -> Game:
        """The game, this holder's alone (copied if shared), before it moves."""
        game = self.game
        assert game is not None and self.record is not None
        if not self.owned:
            self.game = game = game.clone()
            if self.random_flips:
                game.set_chance(chance.Draws())
            self.record = self.record.copy()
            self.owned = True
        return game

    def moved(self) -> None:
        """After any change: a new position, and who acts in it."""
        self.token = Position()
        self.legal = None
        game = self.game
        if game is None or self.pending is not None:
            self.player = CHANCE
        elif game.is_over:
            self.player = TERMINAL
        else:
            self.player = game.to_act()[0]

    def made_before(self, action: int) -> bool:
        """Take the outcome of ``action`` from a copy of this position that made it and
        has not moved since, if there is one (both then share the game and the record,
        copied by whichever moves first); whether there was."""
        position = self.token
        if position.action != action or position.after is None:
            return False
        source = position.after()
        if source is None or source.token is not position.next:
            return False
        self.drawn = list(source.drawn)
        self.game, self.record, self.pending = source.game, source.record, source.pending
        source.owned = self.owned = False
        self.player, self.token, self.legal = source.player, source.token, source.legal
        return True

    def remember(self, before: Position, action: int) -> None:
        """After making ``action`` from the position ``before``: tell the copies still
        there where it leads (while this holder stays there)."""
        before.action, before.after, before.next = action, weakref.ref(self), self.token

    def play(self, move: Action, seat: int) -> None:
        """Carry out a legal ``move``, or stop at the chance node of its random flip."""
        if self.random_flips:
            assert self.game is not None
            tried = chance.try_move(self.game, move, seat)
            if isinstance(tried, tuple):
                self.own()  # (the record)
                self.game = tried[0]
                self._recorded(tried[1])
            else:
                self.pending = (seat, move, tried)
            return
        self._recorded(self.own().apply(move, seat))

    def _recorded(self, events: Iterable[Event]) -> None:
        assert self.game is not None and self.record is not None
        self.record.update(self.game, events)


def dumps(table: Table, value: object) -> bytes:
    """``value`` pickled, the table's compiled rules and ruleset as references to the
    table (itself pickled as its arguments). (The pickler's dispatch table is read in C
    for the objects of those two classes alone: a ``persistent_id`` method is called
    for every object pickled and cost more than the pickle.)"""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _by_reference(table)
    pickler.dump(value)
    return buffer.getvalue()


@cache
def _by_reference(table: Table) -> dict[type, Any]:
    """The dispatch table of :func:`dumps` for ``table``: its rules and ruleset by
    reference, any other rules or ruleset by value (and everything by value for a
    table made from a ruleset object, which pickles that ruleset itself)."""
    if not table.named:
        return {}
    rules, ruleset = table.rules, table.rules.ruleset

    def reduce_rules(obj: Any) -> Any:
        return (_rules_of, (table,)) if obj is rules else obj.__reduce_ex__(
            pickle.HIGHEST_PROTOCOL)

    def reduce_ruleset(obj: Any) -> Any:
        return (_ruleset_of, (table,)) if obj is ruleset else obj.__reduce_ex__(
            pickle.HIGHEST_PROTOCOL)

    return {type(rules): reduce_rules, type(ruleset): reduce_ruleset}


def _rules_of(table: Table) -> Any:
    return table.rules


def _ruleset_of(table: Table) -> Any:
    return table.rules.ruleset


@cache
def action_texts(table: Table) -> ActionTexts:
    """What each index does, in words, made once per table (OpenSpiel asks for the
    words of every legal move at every state): the decisions' (``Encoding.meaning``),
    a card dealt's, a dummy card turned over's (``hand x kinds + kind``)."""
    names = table.rules.codec.names
    kinds = table.encoding.kinds
    hands = max(table.rules.dummies, 1)
    return (
        tuple([table.encoding.meaning(index) for index in range(table.encoding.size)]),
        tuple([f"deal {name}" for name in names]),
        tuple([f"turn over {names[key % kinds]} from dummy hand {key // kinds}"
               for key in range(hands * kinds)]),
    )


def restore(table: Table, total: int, random_flips: bool, reward: str, data: bytes) -> Holder:
    shared = Holder.__new__(Holder)
    shared.table, shared.total, shared.random_flips, shared.reward = (
        table, total, random_flips, reward)
    shared.texts = action_texts(table)
    shared.drawn, shared.game, shared.pending, shared.record, shared.player = pickle.loads(
        data)
    shared.owned, shared.token, shared.legal, shared.initial = True, Position(), None, False
    shared.copies = 0
    if random_flips and shared.game is not None:
        shared.game.set_chance(chance.Draws())
    return shared
