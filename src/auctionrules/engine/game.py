"""The game: one mutable state driven through a small checked API.

``Game`` is the OpenSpiel "state" and the python-chess "board" in one object:
:meth:`Game.to_act` says who must act, :meth:`Game.legal` what they may do,
:meth:`Game.apply` does it (checking everything first, so an illegal action
leaves the state exactly as it was), :meth:`Game.view` is what one player may
see; :meth:`Game.playout` plays on to the end with agents (the fast path of
random rollouts). Both drive the one writing of the game's decisions,
:mod:`.decisions`. The rules come in compiled
(:class:`~auctionrules.engine.rules.Rules`); nothing here compares an option
name or an edition. Cards are int codes inside (see
:mod:`auctionrules.engine.cards`).

The state itself is a :class:`~auctionrules.engine.state.State`
(:attr:`Game.state`): the position and the history, a plain value that the round
flow (:mod:`.flow`) and the decisions generator change. The game reads its
fields out (``hands``, ``cash``, ``lot``..., read-only properties: the state's
own lists, not to be changed outside the engine) and keeps what its API needs
between calls: the suspended decisions generator and the decision it waits for,
the events and the action log read back from the history, the parts views keep.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NoReturn

from mypy_extensions import mypyc_attr

from auctionrules.compiled import added_state
from auctionrules.engine import position
from auctionrules.engine.actions import Action
from auctionrules.engine.agents import Agent, ChoiceAgent, by_choice
from auctionrules.engine.cards import shuffle
from auctionrules.engine.decisions import Decisions, Pending, decisions, question
from auctionrules.engine.determinization import determinize
from auctionrules.engine.errors import IllegalActionError, MalformedActionError, RulesError
from auctionrules.engine.events import Event, Events
from auctionrules.engine.flow import OVER, begin
from auctionrules.engine.hiding import seen, sights
from auctionrules.engine.history import actions_of
from auctionrules.engine.invariants import violations
from auctionrules.engine.kept import PHASES, Kept
from auctionrules.engine.legal import Legal
from auctionrules.engine.outcome import Outcome
from auctionrules.engine.record import make_record
from auctionrules.engine.refusals import refuse
from auctionrules.engine.rules import Rules
from auctionrules.engine.state import State
from auctionrules.engine.views import View, make_view
from auctionrules.model import Ruleset

#: A game's own fields: what a subclass adds is the rest (see
#: :func:`~auctionrules.compiled.added_state`).
FIELDS = (
    "state", "_raw", "_events", "_actions", "_decoded", "_flow", "_pend", "_legal", "_nobody",
    "_view_kept",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """A game of Modern Art under one compiled ruleset.

    Create one with :meth:`new` (seeded deal) or :meth:`from_position` (an exact
    position, e.g. a rulebook example). Then loop: ``seat = game.to_act()[0]``,
    ``legal = game.legal(seat)``, ``game.apply(action, seat)`` until
    :attr:`is_over` (or ``game.playout(agents)``); :attr:`outcome` says how it
    ended. Seats are ``0..n-1``;
    during a sealed auction :meth:`to_act` lists every seat yet to bid, in any
    order. Actions are :class:`~auctionrules.engine.actions.Action` values or
    their text (``"bid 19000"``, ``"play krypto/open"``). :meth:`view` gives what
    one player (or, for ``None``, a spectator) may see; :meth:`record` the JSON game
    record; :meth:`snapshot` a comparable copy of the whole state;
    :meth:`check_invariants` the violated invariants. The position itself (hands,
    cash, the board, the lot...) is :attr:`state`'s, read-only outside the engine.
    Search applies moves known to be legal with :meth:`apply_unchecked`.
    """

    #: the state: the position, the history and the transitions that are not
    #: decisions (the game's other attributes are what its API keeps between calls)
    state: State

    def __init__(self, state: State) -> None:
        """A game over ``state`` (made by :meth:`new`, :meth:`from_position`,
        :meth:`clone` or :meth:`determinize`)."""
        self.state = state
        #: the history's entries (the state's list, which only grows)
        self._raw = state._raw
        #: the events and the action log read back from the history so far
        self._events: list[Event | None] = []
        self._actions: list[tuple[int, Action]] = []
        self._decoded = 0
        #: the decisions generator the step API drives and the decision it waits for
        #: (see :mod:`.decisions`); made from the state when first needed
        self._flow: Decisions | None = None
        self._pend: Any = None
        #: the legal moves of the seat asked last in a sealed auction
        self._legal: Legal | None = None
        #: ``[None] * players``: the choosers of the step API (every seat is asked by
        #: suspending the decisions generator)
        self._nobody: list[ChoiceAgent | None] = [None] * state.n
        #: the parts of views kept between decisions (see :mod:`.kept`)
        self._view_kept: Kept | None = None

    # --- creation -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: Ruleset | None = None,
        players: int | None = None,
        seed: int = 0,
        *,
        rules: Rules | None = None,
    ) -> Game:
        """A new game: the deck shuffled with ``random.Random(seed)`` and round 1 dealt."""
        rules = position.resolve_rules(ruleset, players, rules)
        deck = list(rules.deck)
        shuffle(deck, random.Random(seed))
        hands: list[list[int]] = []
        per = rules.hand_deal[0]
        for h in range(rules.players + rules.dummies):
            hands.append(deck[h * per : (h + 1) * per])
        rest = deck[(rules.players + rules.dummies) * per :]
        state = State(rules, seed)
        begin(
            state,
            hands=hands, deck=rest, cash=[rules.starting_cash] * rules.players,
            round_index=0, auctioneer=0, board=None, played=None, owned=None,
        )
        return cls(state)

    @classmethod
    def from_position(
        cls,
        ruleset: Ruleset | None = None,
        players: int | None = None,
        *,
        hands: Sequence[Sequence[str]],
        rules: Rules | None = None,
        cash: Sequence[int] | None = None,
        board: Any = None,
        round: int = 1,
        auctioneer: int = 0,
        dummy_hands: Sequence[Sequence[str]] = (),
        deck: Sequence[str] | None = None,
        played: Sequence[str] = (),
        owned: Sequence[Sequence[str]] | None = None,
        seed: int = 0,
    ) -> Game:
        """A game set up exactly, e.g. a rulebook example (see :mod:`.position`).

        ``hands`` per seat, ``dummy_hands`` top card first, ``cash`` per seat
        (default starting cash), ``board`` as ``{artist_id: [value per earlier
        round]}`` or a list of rows, ``round`` 1-based, ``auctioneer`` the seat to
        lead, ``played`` cards already on the table this round (unowned),
        ``owned`` cards bought this round per seat, ``deck`` the undealt cards
        in draw order (default: the rest of the deck in a fixed order). The
        paintings each seat acquired (``state.paintings``, for ``winner.tie_break:
        most-paintings``) start at the cards it owns in the position: those of
        earlier rounds are not part of a position and count 0. ``seed``
        seeds the game's own generator, which draws the random dummy-card choices
        (``dummy_hands.flip``); a record keeps it, so the flips replay.

        A position that cannot arise is refused with :class:`RulesError`: more
        copies of a card than the game has (hands, table, owned cards and deck
        together), as many cards of an artist laid this round as end it.
        """
        rules = position.resolve_rules(ruleset, players, rules)
        if not 0 <= auctioneer < rules.players:
            raise RulesError(f"auctioneer {auctioneer} is not a seat of {rules.players} players")
        pos = position.position(
            rules, hands=hands, dummy_hands=dummy_hands, cash=cash, board=board,
            round_number=round, played=played, owned=owned, deck=deck,
        )
        state = State(rules, seed)
        begin(
            state,
            hands=pos.hands, deck=pos.deck, cash=pos.cash, round_index=pos.round,
            auctioneer=auctioneer, board=pos.board, played=pos.played, owned=pos.owned,
        )
        return cls(state)

    # --- queries ------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The compiled rules."""
        return self.state.rules

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it is played)."""
        return self.state.outcome

    @property
    def round(self) -> int:
        """The current round, 1-based, as a view says it (``state.round`` counts from 0:
        it indexes the board)."""
        return self.state.round + 1

    @property
    def phase(self) -> str:
        """Where the round stands, as a view says it: ``lead``, ``auction``, ``flip`` or
        ``over`` (``state.phase`` is its index in :data:`~auctionrules.engine.kept.PHASES`)."""
        return PHASES[self.state.phase]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.phase == OVER

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, as a spectator sees them (all public: see
        :mod:`.hiding`; a seat's own are :func:`~.hiding.events_seen`)."""
        return tuple(self._materialise(0))

    def events_of(self, *kinds: str) -> tuple[Event, ...]:
        """The events of the given kinds only (``game.events_of("sold", "scored")``), in
        order: the same values as in :attr:`events`, built for those entries alone
        (a simulation that reads a few kinds skips building the rest: most entries
        are bids and passes)."""
        wanted = frozenset(kinds)
        built = self._events
        ready = len(built)
        public = sights(self.rules)[-1]  # (the spectator's)
        found = [
            built[index] if index < ready else seen(entry, public)
            for index, entry in enumerate(self._raw)
            if entry[0] in wanted
        ]
        return tuple([event for event in found if event is not None])

    @property
    def log(self) -> list[tuple[int, Action]]:
        """Every action so far as ``(seat, action)``, in order (do not modify).

        Read back, and kept, from the history: each action leaves one compact
        entry in the history (see :mod:`.history`), so a move costs one entry.
        """
        raw = self._raw
        if self._decoded < len(raw):
            self._actions.extend(actions_of(raw, self._decoded, self.rules))
            self._decoded = len(raw)
        return self._actions

    def _pending(self) -> Pending | None:
        """The decision the game waits for (``None``: the game is over), asked of the
        decisions generator, which is made from the state when first needed."""
        if self._flow is None:
            self._flow = flow = decisions(self.state, self._nobody)
            self._pend = next(flow, None)
        return self._pend  # type: ignore[no-any-return]

    def _send(self, seat: int, action: Action) -> None:
        """Carry out a legal action: the generator runs on to the next decision."""
        self._legal = None
        flow = self._flow
        assert flow is not None
        try:
            self._pend = flow.send((seat, action))
        except StopIteration:
            self._pend = None

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now: one, or for a sealed auction every seat yet to bid."""
        pending = self._pend if self._flow is not None else self._pending()
        if type(pending) is Legal:
            return self.state.alone[pending.seat]
        return pending or ()  # type: ignore[return-value]

    def legal(self, seat: int) -> Legal:
        """What ``seat`` may do now (empty if it is not their turn).

        The answer is the decision the game waits for, so asking again (as
        :meth:`apply` does to check an action) costs nothing.
        """
        pending = self._pend if self._flow is not None else self._pending()
        if type(pending) is Legal:
            if pending.seat == seat:
                return pending
        elif pending is not None and seat in pending:
            legal = self._legal
            if legal is None or legal.seat != seat:
                legal = self._legal = question(self.state, seat).legal(seat)
            return legal
        return Legal(seat, ())

    # --- applying actions ---------------------------------------------------------------

    def apply(self, action: object, seat: object = None) -> Events:
        """Check and carry out ``action`` (an :class:`Action` or its text) by ``seat``
        (default: the only seat to act); the events it caused (a sequence built when
        first read).

        Raises :class:`MalformedActionError`, :class:`IllegalActionError` or
        :class:`GameOverError` with the reason; the state is then unchanged. (The
        arguments are typed ``object``: whatever a caller passes is checked here and
        refused with one of those errors, compiled or not.)
        """
        if isinstance(action, str):
            action = Action.parse(action)
        pending = self._pend if self._flow is not None else self._pending()
        # (the usual loop: the one seat asked, a legal action)
        if type(pending) is not Legal or pending.seat != seat or action not in pending:
            if not isinstance(action, Action):
                raise MalformedActionError(f"{action!r} is not an action")
            if seat is not None and not isinstance(seat, int):
                raise IllegalActionError(f"{seat!r} is not a seat")
            to_act = self.to_act()
            if seat is None:
                if len(to_act) != 1:
                    self._refuse(action, seat)
                seat = to_act[0]
            if seat not in to_act or action not in self.legal(seat):
                self._refuse(action, seat)
        raw = self._raw
        mark = len(raw)
        self._send(seat, action)  # type: ignore[arg-type]  # (an Action of a seat: legal)
        return Events(self, mark, len(raw))

    def _materialise(self, start: int, stop: int | None = None) -> list[Event]:
        """The public events of the history's entries from index ``start`` to ``stop``
        (built once, on demand; ``None`` kept for an entry nobody but its seat sees)."""
        events, raw = self._events, self._raw
        if len(events) < (len(raw) if stop is None else stop):
            public = sights(self.rules)[-1]  # (the spectator's)
            for index in range(len(events), len(raw) if stop is None else stop):
                events.append(seen(raw[index], public))
        return [event for event in events[start:stop] if event is not None]

    def _refuse(self, action: Action, seat: int | None) -> NoReturn:
        """Raise the error that says why ``action`` by ``seat`` is refused."""
        refuse(self.state, self.to_act(), action, seat)

    def playout(self, agents: Sequence[Agent]) -> None:
        """Play to the end, ``agents[seat]`` choosing for each seat from its view and
        legal moves; choice agents such as :class:`RandomAgent` are asked their plain
        questions without a ``Legal`` built (see :mod:`.decisions`: the game is the
        one a loop of :meth:`apply` plays)."""
        if len(agents) != self.state.n:
            raise ValueError(f"{len(agents)} agents for {self.state.n} seats: give one per seat")
        chooser = [agent if by_choice(agent) else None for agent in agents]
        self._flow = flow = decisions(self.state, chooser)
        self._legal = None
        try:
            self._pend = pending = next(flow, None)
            while pending is not None:  # a seat whose agent is not a choice agent
                if type(pending) is Legal:
                    legal: Legal = pending
                    seat = legal.seat
                else:
                    seat = pending[0]  # type: ignore[index]
                    legal = self.legal(seat)
                action = agents[seat].act(self.view(seat), legal)
                if action not in legal:
                    self._refuse(action, seat)
                self._send(seat, action)
                pending = self._pend
        finally:
            # the step API makes its own generator (this one asks the choice agents)
            self._flow = self._pend = None

    def apply_unchecked(self, action: Action, seat: int) -> None:
        """Carry out an action known to be legal, without a check: the documented
        unchecked path, for search and benchmarks that take their moves from
        :meth:`legal` (an illegal one leaves a game that breaks its invariants)."""
        self._pending()
        self._send(seat, action)

    # --- observation, records, checks ---------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (see :mod:`.views`): an immutable value, which stays
        what it was when the game moves on."""
        return make_view(self, seat)

    def snapshot(self) -> tuple[Any, ...]:
        """The complete state as a comparable, hashable value (:meth:`State.snapshot
        <auctionrules.engine.state.State.snapshot>` and the action log)."""
        return (*self.state.snapshot(), tuple(self.log))

    def clone(self) -> Game:
        """An independent copy of the game, for search agents that try moves.

        Only what changes is copied (:meth:`State.copy
        <auctionrules.engine.state.State.copy>`: the lists of the state, the lot,
        the random generator), so a clone costs tens of microseconds, not a deep
        copy of the whole log: the compiled rules, the start position and the
        log entries (immutable once written) are shared. The events and the action
        log read so far are shared until the clone reads more. ``copy.deepcopy``
        and pickling still give a fully separate copy. (What a subclass
        adds is copied shallowly; one with mutable state copies it in its own
        ``clone``.)
        """
        cls = type(self)
        twin = cls.__new__(cls)
        Game.__init__(twin, self.state.copy())
        for name, value in added_state(self, FIELDS).items():  # (a subclass's, shallow)
            setattr(twin, name, value)
        twin._events = list(self._events)
        twin._actions = list(self._actions)
        twin._decoded = self._decoded
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # the state and the action log read so far; what the API keeps to answer fast
        # (the suspended generator, the parts of views) is made again
        # (and what a subclass keeps)
        return {"state": self.state, "events": self._events, "actions": self._actions,
                "decoded": self._decoded, "subclass": added_state(self, FIELDS)}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(saved["state"])  # type: ignore[misc]
        self._events = saved["events"]
        self._actions = saved["actions"]
        self._decoded = saved["decoded"]
        for name, value in saved["subclass"].items():
            setattr(self, name, value)

    def determinize(self, seat: int, seed: int) -> Game:
        """A new game consistent with everything ``seat`` has seen, all it has not
        seen (other hands, the deck, dummy hands, unrevealed sealed bids, chance to
        come) drawn again with ``seed``; ``game.determinize(seat, s).view(seat) ==
        game.view(seat)``. The cash is kept: every payment is public. See
        :mod:`.determinization`."""
        twin = determinize(self.view(seat), seed, cash=self.state.cash)
        twin.state.hands[seat][:] = self.state.hands[seat]  # (the same cards, in the same order)
        return twin

    def set_chance(self, rng: random.Random) -> None:
        """Draw the game's chance to come (which dummy card is turned over, where the
        rules make it random: :mod:`.dummy`) from ``rng`` instead of the generator
        seeded with the game's seed. For adapters that model chance themselves, as
        OpenSpiel's chance nodes do (:mod:`auctionrules.envs.chance`); the rules of
        what is drawn stay here. A clone or a pickle draws from a plain copy of the
        generator's state."""
        self.state._rng = rng

    def check_invariants(self) -> list[str]:
        """Every violated invariant (see :mod:`.invariants`); empty when all hold."""
        return violations(self)

    def record(self, names: list[str] | None = None) -> dict[str, Any]:
        """The JSON game record (see :mod:`.record`)."""
        return make_record(self, names)
