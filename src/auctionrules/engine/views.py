"""What one player may see: the only place that decides what is hidden (OpenSpiel's observer).

A :class:`View` never holds another player's hand, a sealed bid before the
reveal, an unrevealed dummy card, or (when ``money.screens``) another player's
cash; with screens, the public record of prices paid is included when
``money.public_prices`` is on. ``seat=None`` is the spectator's view.

A view is made at every decision of every agent, so it is cheap: a tuple (one
allocation) whose parts are immutable values the game keeps between decisions.
The public part is kept until something public changes: a bid, a pass, a price
or a sealed bid in an auction still under way leave it as it was (only the
lot's progress is made again); anything else (a card laid, a sale, a round end)
makes it again (:class:`Kept`). Each hand's sorted cards are kept per seat. The view holds no
reference to the game or to any of its lists, so an agent handed a view reaches
nothing else.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from auctionrules.engine.legal import Legal
from auctionrules.model import AUCTION_TYPES

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

#: Names of the game loop's phases, by phase number.
PHASES = ("lead", "auction", "flip", "over")

#: The view's fields, in tuple order (``_lot`` is the lot's raw progress; the
#: ``lot`` property gives its public form). A new field goes last of the
#: observation's (before ``rules``), so that the others keep their positions.
FIELDS = (
    "seat", "to_act", "_hand", "cash", "_lot", "round", "phase", "hand_sizes", "dummy_sizes",
    "board", "counts", "_owned", "_table", "sales", "outcome", "deck_size", "_discard", "flow",
    "paintings", "rules",
)
#: Fields kept as card codes (cheap to copy, compared as well as names); their
#: properties give the names.
_CODED = ("_hand", "_owned", "_table", "_discard")
_SIZE = len(FIELDS) - 1  # (the rules are not part of the observation's value)

#: Log entries after which the public part of a view is unchanged, as long as the same
#: lot is still under auction: they change only the lot's progress.
_QUIET = frozenset(("bid", "pass", "sealed-bid", "price"))


class View(tuple):  # type: ignore[type-arg]
    """A frozen observation; :meth:`to_dict` gives its JSON form.

    Fields: ``seat``, ``round`` (1-based), ``phase`` (``lead``, ``auction``,
    ``flip``, ``over``), ``to_act``, ``hand`` (own cards, sorted; ``None`` for a
    spectator), ``hand_sizes``, ``dummy_sizes``, ``cash`` (``None`` where hidden),
    ``board`` (the values placed, one row per round), ``counts`` (cards of each
    artist on the table this round), ``owned`` (cards bought this round, per
    seat), ``table`` (unowned cards laid this round), ``lot`` (the lot under the
    hammer as ``(name, value)`` pairs, or ``None``), ``sales`` (``(round index,
    buyer, price)`` when prices are public), ``outcome``, ``deck_size`` (cards
    left undealt), ``discard`` (the cards of earlier rounds, each seen when laid),
    ``flow`` (where the round flow stands: ``(turn, flipper, resume,
    last_card_player, last_auctioneer, dummy_next)``: the seat to lead or that led
    last, the seat deciding on a dummy card, the seat that leads after it, who
    laid the last card, who auctioned last, which dummy hand is turned over next),
    ``paintings`` (the paintings each seat acquired over the game: bought, taken
    free, both cards of a double; public, as every card's new owner is) and
    ``rules`` (the compiled rules: public, every player knows them; not part of
    the observation's value, so views of two games under the same rules compare).
    """

    __slots__ = ()

    if TYPE_CHECKING:
        seat: int | None
        to_act: tuple[int, ...]
        _hand: tuple[int, ...] | None
        cash: tuple[int | None, ...]
        _lot: tuple[Any, ...] | None
        round: int
        phase: str
        hand_sizes: tuple[int, ...]
        dummy_sizes: tuple[int, ...]
        board: tuple[tuple[int, ...], ...]
        counts: tuple[int, ...]
        _owned: tuple[tuple[int, ...], ...]
        _table: tuple[int, ...]
        sales: tuple[tuple[int, int, int], ...] | None
        outcome: tuple[tuple[str, Any], ...] | None
        deck_size: int
        _discard: tuple[int, ...]
        flow: tuple[int, int, int, int, int, int]
        paintings: tuple[int, ...]
        rules: Rules
    else:
        for _index, _name in enumerate(FIELDS):
            locals()[_name] = property(itemgetter(_index))
        del _index, _name

    @property
    def hand(self) -> tuple[str, ...] | None:
        """The seat's own cards, sorted (``None`` for a spectator)."""
        codes = self._hand
        return None if codes is None else tuple(map(self.rules.codec.names.__getitem__, codes))

    @property
    def owned(self) -> tuple[tuple[str, ...], ...]:
        """The cards each seat bought this round."""
        names = self.rules.codec.names.__getitem__
        return tuple([tuple(map(names, cards)) for cards in self._owned])

    @property
    def table(self) -> tuple[str, ...]:
        """The unowned cards laid this round (unsold lots, dummy cards)."""
        return tuple(map(self.rules.codec.names.__getitem__, self._table))

    @property
    def discard(self) -> tuple[str, ...]:
        """The cards of earlier rounds, out of play (each was seen when laid)."""
        return tuple(map(self.rules.codec.names.__getitem__, self._discard))

    @property
    def lot(self) -> tuple[tuple[str, Any], ...] | None:
        """The lot under the hammer as ``(name, value)`` pairs (``dict(view.lot)``):
        ``cards``, ``type``, ``leader``, ``adder``, ``auctioneer``, ``high``, ``bids``,
        ``high_bidder``, ``price``, ``sealed_done``, ``own_sealed_bid``, ``asker``,
        ``order``, ``pos``, ``passes``, ``out``; ``None`` between lots."""
        raw = self._lot
        if raw is None:
            return None
        (cards, kind, leader, adder, auctioneer), high, bids, high_bidder, price, done, own, \
            asker, order, pos, passes, out = raw
        return (
            ("cards", list(cards)),
            ("type", kind),
            ("leader", leader),
            ("adder", adder),
            ("auctioneer", auctioneer),
            ("high", high),
            ("bids", [list(b) for b in bids]),
            ("high_bidder", high_bidder),
            ("price", price),
            ("sealed_done", list(done) if done is not None else None),
            ("own_sealed_bid", own),
            ("asker", asker),
            ("order", list(order)),
            ("pos", pos),
            ("passes", passes),
            ("out", out),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self[:_SIZE] == other[:_SIZE]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self[:_SIZE])

    def __repr__(self) -> str:
        parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in _PUBLIC_FIELDS)
        return f"View({parts})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (tuple(self),))

    def replace(self, **changes: Any) -> View:
        """A copy with some fields changed (as :func:`attrs.evolve`)."""
        values = list(self)
        code = self.rules.codec.by_name
        for name, value in changes.items():
            if name == "lot":
                raise TypeError("a view's lot is replaced through _lot (its raw form)")
            if f"_{name}" not in _CODED:
                values[FIELDS.index(name)] = value
            elif name == "owned":  # given as names, kept as codes
                values[FIELDS.index("_owned")] = tuple(
                    tuple(map(code.__getitem__, cards)) for cards in value
                )
            else:
                values[FIELDS.index(f"_{name}")] = (
                    None if value is None else tuple(map(code.__getitem__, value))
                )
        return tuple.__new__(View, values)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        lot = self.lot
        sales = self.sales
        outcome = self.outcome
        hand = self.hand
        return {
            "seat": self.seat,
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "hand": list(hand) if hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "dummy_sizes": list(self.dummy_sizes),
            "cash": list(self.cash),
            "board": [list(r) for r in self.board],
            "counts": list(self.counts),
            "owned": [list(o) for o in self.owned],
            "table": list(self.table),
            "lot": dict(lot) if lot is not None else None,
            "sales": [list(s) for s in sales] if sales is not None else None,
            "outcome": dict(outcome) if outcome is not None else None,
            "deck_size": self.deck_size,
            "discard": list(self.discard),
            "flow": list(self.flow),
            "paintings": list(self.paintings),
        }


_PUBLIC_FIELDS = tuple(name.lstrip("_") for name in FIELDS[:_SIZE])


def _rebuild(values: tuple[Any, ...]) -> View:
    return tuple.__new__(View, values)


class Kept:
    """What a game keeps between views: one per game, made at its first view (a
    clone or a pickle starts without one).

    The public part stands as of log entry ``mark`` and is kept while only the
    lot's progress changes; when it is made again, what changes once a round
    (``rounds``: the board, the discard, the outcome) is kept while its key holds.
    (Keeping more groups apart, what a card laid changes and what a sale changes,
    measured slower on the mixed game: between two decisions of one seat both
    have usually changed, and their keys cost more than they saved.) Per seat it
    keeps the sorted hand, and the cash it may see (with screens).
    """

    __slots__ = (
        "cash", "fixed", "lot", "mark", "own", "phase", "prices", "public", "rounds",
        "rounds_key", "screens", "shown",
    )

    def __init__(self, game: Game) -> None:
        self.mark = -1  # (nothing made yet)
        self.phase = -1
        self.lot: Any = None
        self.public: tuple[Any, ...] = ()
        self.fixed: tuple[Any, ...] | None = None
        self.rounds_key: Any = None
        self.rounds: tuple[Any, ...] = ()
        #: per seat: ``(round, cards in hand, the sorted codes)``
        self.own: list[tuple[int, int, tuple[int, ...]] | None] = [None] * game.n
        self.screens: bool = game.rules.screens
        self.prices: bool = game.rules.public_prices
        #: the cash tuple (replaced at every payment) that ``shown`` was made from, and
        #: per seat (the spectator last) the cash it may see
        self.cash: tuple[int, ...] | None = None
        self.shown: list[tuple[int | None, ...] | None] = []


def make_view(game: Game, seat: int | None) -> View:
    """The view of ``seat`` (``None``: public), from the parts the game keeps."""
    kept = game._view_kept
    if kept is None:
        kept = game._view_kept = Kept(game)
    raw = game._raw
    mark = len(raw)
    if kept.mark != mark:
        last = kept.mark
        if (
            last < 0
            or game.lot is not kept.lot
            or game.phase != kept.phase
            or not (
                raw[last][0] in _QUIET
                if mark - last == 1
                else _QUIET.issuperset([entry[0] for entry in raw[last:mark]])
            )
        ):
            _public(game, kept)
        kept.mark = mark
    cash: tuple[int | None, ...] = game.cash  # (a tuple, replaced at every payment)
    if seat is None:
        hand = None
        if kept.screens and game.outcome is None:
            cash = _shown(game, kept, game.n, None)
    else:
        # within a round a hand only shrinks: its round and size say whether the
        # codes kept for it are still its cards
        cards = game.hands[seat]
        own = kept.own[seat]
        if own is not None and own[1] == len(cards) and own[0] == game.round:
            hand = own[2]
        else:
            hand = tuple(sorted(cards))
            kept.own[seat] = (game.round, len(cards), hand)
        if kept.screens and game.outcome is None:
            cash = _shown(game, kept, seat, seat)
    # who acts: the decision the game waits for (as Game.to_act answers)
    pending = game._pend if game._flow is not None else game._pending()
    to_act = game.alone[pending.seat] if pending.__class__ is Legal else pending or ()
    lot = game.lot
    if lot is None:
        # (a concatenation of tuples: one allocation; unpacking builds a list first)
        return View((seat, to_act, hand, cash, None) + kept.public)  # noqa: RUF005
    sealed = lot.sealed
    if sealed:
        done: tuple[bool, ...] | None = tuple([b is not None for b in sealed])
        own_bid = sealed[seat] if seat is not None else None
    else:
        done = own_bid = None
    lot_raw = (
        kept.fixed, lot.high, tuple(lot.bids),
        None if lot.high_bidder < 0 else lot.high_bidder,
        lot.price if lot.price >= 0 and lot.kind == 3 else None,
        done, own_bid, lot.asker, lot.order, lot.pos, lot.passes, lot.out,
    )
    return View((seat, to_act, hand, cash, lot_raw) + kept.public)  # noqa: RUF005


def _shown(game: Game, kept: Kept, slot: int, seat: int | None) -> tuple[int | None, ...]:
    """The cash ``seat`` may see behind screens: its own only (kept per seat until
    the next payment)."""
    cash = game.cash
    if kept.cash is not cash:
        kept.cash = cash
        kept.shown = [None] * (game.n + 1)
    shown = kept.shown[slot]
    if shown is None:
        hidden: list[int | None] = [None] * game.n
        if seat is not None:
            hidden[seat] = cash[seat]
        shown = kept.shown[slot] = tuple(hidden)
    return shown


def _public(game: Game, kept: Kept) -> None:
    """Make the public part again (what changes once a round only if its key changed)."""
    rnd, outcome, going = game.round, game.outcome, game.outcome is None
    discard = game.discard
    key: tuple[Any, ...] = (rnd, going, len(discard))
    if kept.rounds_key != key:
        kept.rounds_key = key
        kept.rounds = (
            tuple(map(tuple, game.board)),
            tuple(discard),
            tuple(outcome.to_dict().items()) if outcome is not None else None,
        )
    n = game.n
    sizes: tuple[int, ...] = tuple(map(len, game.hands))
    dummy_sizes: tuple[int, ...] = ()
    if len(sizes) == n:  # (no dummy hands)
        hand_sizes = sizes
    else:
        hand_sizes, dummy_sizes = sizes[:n], sizes[n:]
    lot = game.lot
    if lot is not None:
        kept.fixed = (
            tuple(map(game._names.__getitem__, lot.cards)), AUCTION_TYPES[lot.kind],
            lot.leader, None if lot.adder < 0 else lot.adder, lot.auctioneer,
        )
    kept.lot, kept.phase = lot, game.phase
    board, discarded, ended = kept.rounds
    kept.public = (
        rnd + 1, PHASES[game.phase], hand_sizes, dummy_sizes, board, tuple(game.counts),
        tuple(map(tuple, game.owned)), tuple(game.table),
        tuple(game.sales) if kept.prices else None, ended, len(game.deck), discarded,
        (game.turn, game.flipper, game.resume, game.last_card_player, game.last_auctioneer,
         game.dummy_next),
        tuple(game.paintings), game.rules,
    )
