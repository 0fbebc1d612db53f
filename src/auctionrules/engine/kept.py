"""The parts of a view, read off the game, and what the game keeps of them between views.

:mod:`.views` decides what a view is; this module computes its parts. Each part
has its own function (who acts, the seat's hand, the cash it may see, the lot's
progress, the public part), so that a view read while the game stands still
computes only the parts its agent reads, and :func:`values_of` puts them all
together when a view is frozen.

What is costly to compute is kept between views (:class:`Kept`): the public part
until something public changes (a bid, a pass, a price or a sealed bid in an
auction still under way change only the lot's progress; anything else, a card
laid, a sale, a round end, makes it again), what changes once a round while its
key holds, each hand's sorted cards, and the cash each seat may see behind
screens. Every kept part is an immutable value, so the views share them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from auctionrules.engine.cards import FIXED_PRICE
from auctionrules.engine.legal import Legal
from auctionrules.model import AUCTION_TYPES

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.state import State

#: Names of the game loop's phases, by phase number.
PHASES = ("lead", "auction", "flip", "over")

#: Log entries after which the public part of a view is unchanged, as long as the same
#: lot is still under auction: they change only the lot's progress.
_QUIET = frozenset(("bid", "limit", "pass", "sealed-bid", "price"))


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
        "cash", "fixed", "fixed_lot", "fixed_size", "lot", "mark", "own", "phase", "prices",
        "public", "rounds", "rounds_key", "screens", "shown",
    )

    def __init__(self, game: Game) -> None:
        self.mark = -1  # (nothing made yet)
        self.phase = -1
        self.lot: Any = None
        self.public: tuple[Any, ...] = ()
        #: the lot's pairs that stand while it is under the hammer, and what they
        #: were made from: the lot and its number of cards (a double's second card
        #: changes the type, the adder and maybe the auctioneer with it)
        self.fixed: tuple[tuple[str, Any], ...] = ()
        self.fixed_lot: Any = None
        self.fixed_size = 0
        self.rounds_key: Any = None
        self.rounds: tuple[Any, ...] = ()
        #: per seat: ``(round, cards in hand, the sorted codes, their names)``
        self.own: list[tuple[int, int, tuple[int, ...], tuple[str, ...]] | None] = (
            [None] * game.n
        )
        self.screens: bool = game.rules.screens
        self.prices: bool = game.rules.public_prices
        #: the cash tuple (replaced at every payment) that ``shown`` was made from, and
        #: per seat (the spectator last) the cash it may see
        self.cash: tuple[int, ...] | None = None
        self.shown: list[tuple[int | None, ...] | None] = []


def values_of(game: Game, seat: int | None) -> tuple[Any, ...]:
    """Every field of the view of ``seat`` (``None``: public), in the order of
    :data:`.views.FIELDS`."""
    return (
        seat, to_act_of(game, seat), hand_of(game, seat), cash_of(game, seat),
        lot_of(game, seat), *fresh(game).public,
    )


def kept_of(game: Game) -> Kept:
    """The game's kept parts (made at its first view)."""
    kept = game._view_kept
    if kept is None:
        kept = game._view_kept = Kept(game)
    return kept


def fresh(game: Game) -> Kept:
    """The game's kept parts, the public part made again if something public changed
    since it was made."""
    kept = game._view_kept
    if kept is None:
        kept = game._view_kept = Kept(game)
    raw = game._raw
    mark = len(raw)
    if kept.mark != mark:
        last = kept.mark
        state = game.state
        if (
            last < 0
            or state.lot is not kept.lot
            or state.phase != kept.phase
            or not (
                raw[last][0] in _QUIET
                if mark - last == 1
                else _QUIET.issuperset([entry[0] for entry in raw[last:mark]])
            )
        ):
            _public(state, kept)
        kept.mark = mark
    return kept


def to_act_of(game: Game, seat: int | None = None) -> tuple[int, ...]:
    """Who acts: the decision the game waits for (as ``Game.to_act`` answers; the
    same for every seat)."""
    pending = game._pend if game._flow is not None else game._pending()
    if pending.__class__ is Legal:
        return game.state.alone[pending.seat]
    return pending or ()  # type: ignore[return-value]


def hand_of(game: Game, seat: int | None) -> tuple[int, ...] | None:
    """The seat's sorted card codes (``None`` for a spectator)."""
    return None if seat is None else own_of(game, seat)[2]


def own_of(game: Game, seat: int) -> tuple[int, int, tuple[int, ...], tuple[str, ...]]:
    """What is kept of the seat's hand: ``(round, cards in hand, the sorted codes,
    their names)``, made again when the hand changed."""
    kept = game._view_kept or kept_of(game)
    # within a round a hand only shrinks: its round and size say whether what is kept
    # for it still holds
    state = game.state
    cards = state.hands[seat]
    own = kept.own[seat]
    if own is not None and own[1] == len(cards) and own[0] == state.round:
        return own
    codes = tuple(sorted(cards))
    names = state._names
    own = kept.own[seat] = (state.round, len(cards), codes, tuple([names[c] for c in codes]))
    return own


def cash_of(game: Game, seat: int | None) -> tuple[int | None, ...]:
    """The cash ``seat`` may see: all of it, or behind screens (until the game is over)
    its own only, kept per seat until the next payment."""
    state = game.state
    cash = state.cash  # (a tuple, replaced at every payment)
    kept = game._view_kept or kept_of(game)
    if not kept.screens or state.outcome is not None:
        return cash
    n = state.n
    if kept.cash is not cash:
        kept.cash = cash
        kept.shown = [None] * (n + 1)
    slot = n if seat is None else seat
    shown = kept.shown[slot]
    if shown is None:
        hidden: list[int | None] = [None] * n
        if seat is not None:
            hidden[seat] = cash[seat]
        shown = kept.shown[slot] = tuple(hidden)
    return shown


def lot_of(game: Game, seat: int | None) -> tuple[tuple[str, Any], ...] | None:
    """The lot under the hammer as ``seat`` may see it (its own sealed bid only), as
    the view's ``(name, value)`` pairs, or ``None`` between lots."""
    state = game.state
    lot = state.lot
    if lot is None:
        return None
    cards = lot.cards
    kept = game._view_kept or kept_of(game)
    if kept.fixed_lot is not lot or kept.fixed_size != len(cards):
        kept.fixed_lot, kept.fixed_size = lot, len(cards)
        names, adder = state._names, lot.adder
        kept.fixed = (
            ("cards", tuple([names[code] for code in cards])),
            ("type", AUCTION_TYPES[lot.kind]),
            ("leader", lot.leader),
            ("adder", None if adder < 0 else adder),
            ("auctioneer", lot.auctioneer),
        )
    sealed = lot.sealed
    if sealed:
        done: tuple[bool, ...] | None = tuple([b is not None for b in sealed])
        own_bid = sealed[seat] if seat is not None else None
    else:
        done = own_bid = None
    high_bidder, price = lot.high_bidder, lot.price
    return (
        *kept.fixed,
        ("high", lot.high),
        ("bids", tuple(lot.bids)),
        ("high_bidder", None if high_bidder < 0 else high_bidder),
        ("price", price if price >= 0 and lot.kind == FIXED_PRICE else None),
        ("sealed_done", done),
        ("own_sealed_bid", own_bid),
        ("asker", lot.asker),
        ("order", lot.order),
        ("pos", lot.pos),
        ("passes", lot.passes),
        ("out", lot.out),
        ("limits", tuple(lot.limits) if lot.limits else (None,) * state.n),
    )


def _public(game: State, kept: Kept) -> None:
    """Make the public part again (what changes once a round only if its key changed)."""
    rnd, outcome, going = game.round, game.outcome, game.outcome is None
    discard = game.discard
    key: tuple[Any, ...] = (rnd, going, len(discard))
    if kept.rounds_key != key:
        kept.rounds_key = key
        kept.rounds = (
            tuple(map(tuple, game.board)),
            tuple(discard),
            _pairs(outcome.to_dict()) if outcome is not None else None,
        )
    n = game.n
    sizes: tuple[int, ...] = tuple(map(len, game.hands))
    dummy_sizes: tuple[int, ...] = ()
    if len(sizes) == n:  # (no dummy hands)
        hand_sizes = sizes
    else:
        hand_sizes, dummy_sizes = sizes[:n], sizes[n:]
    kept.lot, kept.phase = game.lot, game.phase
    board, discarded, ended = kept.rounds
    kept.public = (
        rnd + 1, PHASES[game.phase], hand_sizes, dummy_sizes, board, tuple(game.counts),
        tuple(map(tuple, game.owned)), tuple(game.table),
        tuple(game.sales) if kept.prices else None, ended, len(game.deck), discarded,
        (game.turn, game.flipper, game.resume, game.last_card_player, game.last_auctioneer,
         game.dummy_next),
        tuple(game.paintings), game.rules,
    )


def _pairs(data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A JSON object as a view holds it: ``(name, value)`` pairs, lists as tuples."""
    return tuple([(name, _immutable(value)) for name, value in data.items()])


def _immutable(value: Any) -> Any:
    return tuple(map(_immutable, value)) if value.__class__ is list else value
