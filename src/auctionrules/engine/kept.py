"""The parts of a view, and what a game keeps of them between views.

:mod:`.views` decides what a view is and :mod:`.hiding` what each seat may see
(:func:`~auctionrules.engine.hiding.sight`, made once for the rules and kept here:
the parts store what it decided and decide nothing); this module makes the view's
parts, each shared by as many views as it can be:

* the public part (:class:`Public`), what every seat sees alike: it is made
  again only when something public may have changed. While a lot is under the
  hammer only the lot's progress changes (bids, passes, a price, sealed bids)
  until a second card joins a double or the lot is settled, so the part is
  keyed by the lot and its number of cards; between lots, by the history's
  length (every entry then changes something public). What changes once a round
  (the board, the discard, the outcome) is kept while its own key holds.
* each hand's sorted cards (:class:`OwnHand`, codes: a view names them when
  read), made again when the hand changed;
* the cash each seat may see behind screens, made again when its own cash
  changed;
* what stands of the lot under the hammer (:class:`LotLaid`), made again when a
  card joins it; the lot's progress (:class:`LotPart`) is copied into each view.

Every part is an immutable value, so views share them and never change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from auctionrules.engine.cards import KIND_INDEX, KIND_NAMES
from auctionrules.engine.hiding import Sight, sights
from auctionrules.engine.lot import Lot

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules
    from auctionrules.engine.state import State

#: Names of the game loop's phases, by phase number.
PHASES: Final = ("lead", "auction", "flip", "over")


class Public:
    """What every seat sees alike (see :class:`~auctionrules.engine.views.View` for
    each field); immutable, shared by every view made while it holds."""

    __slots__ = (
        "board", "counts", "deck_size", "discard", "dummy_sizes", "flow", "hand_sizes",
        "outcome", "owned", "paintings", "phase", "round", "rules", "sales", "table",
    )

    def __init__(  # noqa: PLR0917 - a value of fifteen fields, in the view's order
        self,
        round: int,
        phase: str,
        hand_sizes: tuple[int, ...],
        dummy_sizes: tuple[int, ...],
        board: tuple[tuple[int, ...], ...],
        counts: tuple[int, ...],
        owned: tuple[tuple[int, ...], ...],
        table: tuple[int, ...],
        sales: tuple[tuple[int, int, int], ...] | None,
        outcome: tuple[tuple[str, Any], ...] | None,
        deck_size: int,
        discard: tuple[int, ...],
        flow: tuple[int, int, int, int, int, int],
        paintings: tuple[int, ...],
        rules: Rules,
    ) -> None:
        self.round = round
        self.phase = phase
        self.hand_sizes = hand_sizes
        self.dummy_sizes = dummy_sizes
        self.board = board
        self.counts = counts
        self.owned = owned
        self.table = table
        self.sales = sales
        self.outcome = outcome
        self.deck_size = deck_size
        self.discard = discard
        self.flow = flow
        self.paintings = paintings
        self.rules = rules

    def key(self) -> tuple[Any, ...]:
        """The part's value (the rules left out: views of two games compare)."""
        return (
            self.round, self.phase, self.hand_sizes, self.dummy_sizes, self.board, self.counts,
            self.owned, self.table, self.sales, self.outcome, self.deck_size, self.discard,
            self.flow, self.paintings,
        )

    def values(self) -> tuple[Any, ...]:
        """Every field, in the view's order (the rules last)."""
        return (*self.key(), self.rules)


class OwnHand:
    """What is kept of one seat's hand: the round and size it was made at (within a
    round a hand only shrinks, so both say whether it still holds) and its sorted
    codes (a view names them when read)."""

    __slots__ = ("codes", "round", "size")

    def __init__(self, round: int, size: int, codes: tuple[int, ...]):
        self.round = round
        self.size = size
        self.codes = codes


class LotLaid:
    """What stands while a lot is under the hammer: its cards (codes), auction type
    (its index, :data:`~auctionrules.engine.cards.TYPE_INDEX`), leader, adder (``None``
    when nobody added a card) and auctioneer, and the same as the view's ``(name,
    value)`` pairs (:meth:`pairs`, cards and type by name: ``names`` are the cards'
    names by code). Made once a lot and once more when a double's second card joins
    it (the type, the adder and maybe the auctioneer change with it); shared by every
    view of the lot meanwhile."""

    __slots__ = ("adder", "auctioneer", "cards", "kind", "leader", "names")

    def __init__(  # noqa: PLR0917 - the lot's standing fields, in the view's order
        self,
        cards: tuple[int, ...],
        kind: int,
        leader: int,
        adder: int | None,
        auctioneer: int,
        names: tuple[str, ...],
    ) -> None:
        self.cards = cards
        self.kind = kind
        self.leader = leader
        self.adder = adder
        self.auctioneer = auctioneer
        self.names = names

    def pairs(self) -> tuple[tuple[str, Any], ...]:
        """The view's ``(name, value)`` pairs of these fields, in their order."""
        names = self.names
        return (
            ("cards", tuple([names[code] for code in self.cards])),
            ("type", KIND_NAMES[self.kind]),
            ("leader", self.leader),
            ("adder", self.adder),
            ("auctioneer", self.auctioneer),
        )


def laid_of(lot: Lot, names: tuple[str, ...]) -> LotLaid:
    """The standing part of ``lot`` (``names``: every card's name by code)."""
    adder = lot.adder
    return LotLaid(tuple(lot.cards), lot.kind, lot.leader, adder, lot.auctioneer, names)


class LotPart:
    """The lot under the hammer as one seat sees it, read by field name: the one
    shape of a lot outside the engine's own :class:`~auctionrules.engine.lot.Lot`
    (the view's ``lot`` pairs are :meth:`pairs`; agents and determinization read the
    fields).

    What stands while the lot is under the hammer (``laid``, a :class:`LotLaid`
    shared by every view of the lot: ``cards`` as codes, ``kind``, ``leader``,
    ``adder``, ``auctioneer``) and the auction's progress, copied when the view is
    made: ``high``, ``bids`` (``(seat, amount)``), ``high_bidder`` (``None`` while
    nobody bid), ``price`` (the fixed price; ``None`` until named, and in other
    auctions), ``sealed_done`` (who has bid in secret; ``None`` outside sealed
    bidding), ``own_bid`` (the seat's own sealed bid), ``asker``, ``order``,
    ``pos``, ``passes``, ``out``, ``limits`` (per seat the open-auction limit said,
    or ``None`` where none was said or the seat may not see it)."""

    __slots__ = (
        "asker", "bids", "high", "high_bidder", "laid", "limits", "order", "out", "own_bid",
        "passes", "pos", "price", "sealed_done",
    )

    def __init__(  # noqa: PLR0917 - the lot's fields, in the view's order
        self,
        laid: LotLaid,
        high: int,
        bids: tuple[tuple[int, int], ...],
        high_bidder: int | None,
        price: int | None,
        sealed_done: tuple[bool, ...] | None,
        own_bid: int | None,
        asker: int,
        order: tuple[int, ...],
        pos: int,
        passes: int,
        out: int,
        limits: tuple[int | None, ...],
    ) -> None:
        self.laid = laid
        self.high = high
        self.bids = bids
        self.high_bidder = high_bidder
        self.price = price
        self.sealed_done = sealed_done
        self.own_bid = own_bid
        self.asker = asker
        self.order = order
        self.pos = pos
        self.passes = passes
        self.out = out
        self.limits = limits

    @property
    def cards(self) -> tuple[int, ...]:
        """The lot's cards, as codes (the led card first)."""
        return self.laid.cards

    @property
    def kind(self) -> int:
        """The auction type's index (:data:`~auctionrules.engine.cards.TYPE_INDEX`)."""
        return self.laid.kind

    @property
    def leader(self) -> int:
        """The seat that led the first card."""
        return self.laid.leader

    @property
    def adder(self) -> int | None:
        """The seat that added a double's second card (``None``: nobody)."""
        return self.laid.adder

    @property
    def auctioneer(self) -> int:
        """The seat that runs the auction."""
        return self.laid.auctioneer

    def pairs(self) -> tuple[tuple[str, Any], ...]:
        """The view's ``(name, value)`` pairs, in their documented order."""
        return (
            *self.laid.pairs(),
            ("high", self.high),
            ("bids", self.bids),
            ("high_bidder", self.high_bidder),
            ("price", self.price),
            ("sealed_done", self.sealed_done),
            ("own_sealed_bid", self.own_bid),
            ("asker", self.asker),
            ("order", self.order),
            ("pos", self.pos),
            ("passes", self.passes),
            ("out", self.out),
            ("limits", self.limits),
        )


class Kept:
    """What a game keeps between views: one per game, made at its first view (a
    clone or a pickle starts without one)."""

    def __init__(self, game: Game) -> None:
        state = game.state
        #: what the public part was made at: the lot and its number of cards (while a
        #: lot is under the hammer), else the history's length
        self.made_lot: Lot | None = None
        self.made_at = -1
        self.public: Public | None = None
        #: what stands while the lot is under the hammer, and what it was made from:
        #: the lot and its number of cards (a double's second card changes the type,
        #: the adder and maybe the auctioneer with it)
        self.laid: LotLaid | None = None
        self.laid_lot: Lot | None = None
        self.laid_size = 0
        #: what changes once a round, and its key
        self.rounds_key: tuple[Any, ...] = ()
        self.rounds: tuple[Any, ...] = ()
        self.own: list[OwnHand | None] = [None] * state.n
        #: what each seat may see (:func:`~auctionrules.engine.hiding.sight`), the
        #: spectator's last, while the game goes on
        n = state.n
        self.sights: tuple[Sight, ...] = sights(state.rules)
        #: per seat (the spectator last) the cash it may see while the game goes on, made
        #: again when a cash it sees changed
        self.shown: list[tuple[int | None, ...] | None] = [None] * (n + 1)
        #: the limits of a lot where nobody said one
        self.no_limits: tuple[int | None, ...] = (None,) * n


def kept_of(game: Game) -> Kept:
    """The game's kept parts (made at its first view)."""
    kept = game._view_kept
    if kept is None:
        kept = game._view_kept = Kept(game)
    return kept


def fresh(kept: Kept, state: State) -> Public:
    """The public part, made again if something public may have changed since it was
    made."""
    lot = state.lot
    # (while a lot is under the hammer, its number of cards; between lots, the history's)
    at = len(state._raw) if lot is None else len(lot.cards)
    public = kept.public
    if public is None or kept.made_lot is not lot or kept.made_at != at:
        public = kept.public = _public(state, kept)
        kept.made_lot, kept.made_at = lot, at
    return public


def own_of(kept: Kept, state: State, seat: int) -> OwnHand:
    """What is kept of the seat's hand, made again when the hand changed."""
    cards = state.hands[seat]
    own = kept.own[seat]
    if own is not None and own.size == len(cards) and own.round == state.round:
        return own
    own = kept.own[seat] = OwnHand(state.round, len(cards), tuple(sorted(cards)))
    return own


def sight_of(kept: Kept, state: State, seat: int | None) -> Sight:
    """What ``seat`` may see now (``None``: a spectator), as kept."""
    index = state.n if seat is None else seat
    if state.outcome is None:
        return kept.sights[index]
    return sights(state.rules, True)[index]


def cash_of(kept: Kept, state: State, seat: int | None, look: Sight) -> tuple[int | None, ...]:
    """The cash ``seat`` may see (``look``, its sight): all of it, or behind screens
    the amounts ``look`` shows, kept per seat while they stay the same (a sale changes
    the buyer's and the payee's, not the others')."""
    cash = state.cash  # (a tuple, replaced at every payment)
    if look.cash_all:
        return cash
    index = state.n if seat is None else seat
    shown = kept.shown[index]
    seats = look.cash_seats
    if shown is not None:
        for other in seats:
            if shown[other] != cash[other]:
                break
        else:
            return shown
    masked: list[int | None] = [None] * state.n
    for other in seats:
        masked[other] = cash[other]
    shown = kept.shown[index] = tuple(masked)
    return shown


def lot_of(game: Game, seat: int | None) -> LotPart | None:
    """The lot under the hammer as ``seat`` may see it (its own sealed bid, the limits
    its sight shows), or ``None`` between lots."""
    kept, state = kept_of(game), game.state
    return lot_part(kept, state, seat, sight_of(kept, state, seat))


def lot_part(kept: Kept, state: State, seat: int | None, look: Sight) -> LotPart | None:
    """:func:`lot_of`, from the game's kept parts, its state and the seat's sight."""
    lot = state.lot
    if lot is None:
        return None
    laid = kept.laid
    if laid is None or kept.laid_lot is not lot or kept.laid_size != len(lot.cards):
        laid = kept.laid = laid_of(lot, state._names)
        kept.laid_lot, kept.laid_size = lot, len(lot.cards)
    sealed = lot.sealed
    done: tuple[bool, ...] | None = None
    own_bid: int | None = None
    if sealed is not None:
        done = tuple([bid is not None for bid in sealed])
        own_bid = sealed[seat] if seat is not None and look.sealed[seat] else None
    said = lot.limits  # (empty while nobody said a limit in this lot)
    if not said:
        limits = kept.no_limits
    elif look.limits_all:
        limits = tuple(said)
    else:
        limits = tuple([
            amount if shown else None for amount, shown in zip(said, look.limits, strict=True)
        ])
    return LotPart(
        laid, lot.high, tuple(lot.bids), lot.high_bidder, lot.price, done, own_bid,
        lot.asker, lot.order, lot.pos, lot.passes, lot.out, limits,
    )


def lot_from_pairs(
    pairs: tuple[tuple[str, Any], ...] | None, rules: Rules
) -> LotPart | None:
    """The lot part of a view's ``(name, value)`` pairs (:meth:`LotPart.pairs` undone)."""
    if pairs is None:
        return None
    fixed, progress = pairs[:5], [value for _, value in pairs[5:]]
    names, kind, leader, adder, auctioneer = [value for _, value in fixed]
    code = rules.codec.by_name
    cards = tuple([code[name] for name in names])
    laid = LotLaid(cards, KIND_INDEX[kind], leader, adder, auctioneer, rules.codec.names)
    return LotPart(laid, *progress)


def _public(state: State, kept: Kept) -> Public:
    """Make the public part again (what changes once a round only if its key changed)."""
    rnd, outcome = state.round, state.outcome
    discard = state.discard
    key: tuple[Any, ...] = (rnd, outcome is None, len(discard))
    if kept.rounds_key != key:
        kept.rounds_key = key
        kept.rounds = (
            tuple([tuple(row) for row in state.board]),
            tuple(discard),
            _pairs(outcome.to_dict()) if outcome is not None else None,
        )
    n = state.n
    sizes = tuple([len(hand) for hand in state.hands])
    board, discarded, ended = kept.rounds
    return Public(
        rnd + 1, PHASES[state.phase], sizes[:n], sizes[n:], board, state.counts,
        # (the prices paid: shown alike to every seat, as to a spectator)
        state.owned, state.table, state.sales if kept.sights[n].sales else None, ended,
        len(state.deck), discarded,
        (state.turn, state.flipper, state.resume, state.last_card_player,
         state.last_auctioneer, state.dummy_next),
        state.paintings, state.rules,
    )


def _pairs(data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A JSON object as a view holds it: ``(name, value)`` pairs, lists as tuples."""
    return tuple([(name, _immutable(value)) for name, value in data.items()])


def _immutable(value: Any) -> Any:
    return tuple([_immutable(item) for item in value]) if isinstance(value, list) else value


__all__ = [
    "PHASES", "Kept", "LotLaid", "LotPart", "OwnHand", "Public", "cash_of", "fresh", "kept_of",
    "laid_of", "lot_of", "lot_part", "own_of", "sight_of",
]
