"""The observation of one seat: the engine's view of it, written as a vector.

What a seat may see is decided in one place, the engine's view
(:meth:`Game.view <auctionrules.engine.Game.view>`, :mod:`auctionrules.engine.views`);
this module only writes a :class:`~auctionrules.engine.View` into a
preallocated array, reading the view's public fields and nothing of the game.
So the vector shows exactly what the view shows, no more: a spectator's view
(:meth:`Game.view(None) <auctionrules.engine.Game.view>`) gives the
public part alone. (``tests/envs/test_encoding.py`` checks it against a slow
encoding of the view and against games that differ only in what the seat may
not see.) The parts are declared once, with their writers, in :mod:`.parts`
(the reference this module is held to); their offsets come from the
:class:`Encoding`.

Per-seat parts are relative: the observing seat first, then the seat to its
left, and so on (for a spectator's view, the seat named as the anchor). Counts
are raw numbers of cards.

The view's parts are read as codes (:attr:`View.public <auctionrules.engine.View.public>`,
:attr:`~auctionrules.engine.View.hand_codes`, :attr:`~auctionrules.engine.View.lot_part`),
never by name. What the view shares between two reads is kept here (found by
identity, else by value: a clone of a game makes its parts anew), so that a step
that changed little costs little: for each observing seat, the vector
of everything but the seat's own and the lot's progress (a *template*, made from
the public part and what stands of the lot, ``LotPart.laid``, kept while both
hold), each hand's counts and each shown cash. This module is compiled with the
engine (``setup.py``): plain typed Python, no numpy of its own (it writes the
arrays' memory through ``memoryview``).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final

from auctionrules.engine.cards import artist_of
from auctionrules.engine.rules import MOST_PAINTINGS
from auctionrules.envs.parts import PHASE_NAMES

if TYPE_CHECKING:
    from auctionrules.engine.kept import LotLaid, LotPart, Public
    from auctionrules.engine.views import View
    from auctionrules.envs.encoding import Encoding, Vector

#: How many values of one entry :func:`describe` keeps written.
WRITTEN: Final = 256



def _floats(size: int) -> array[float]:
    return array("f", bytes(4 * size))


def _same(made: Public | None, public: Public) -> bool:
    """Whether what was made of ``made`` holds for ``public``: the same part, or an
    equal one (a clone of a game, or a view made again, makes its parts anew)."""
    return made is public or (made is not None and made.key() == public.key())


def _same_laid(made: LotLaid | None, laid: LotLaid | None) -> bool:
    """Whether what was made of ``made`` holds for ``laid`` (the same, or equal)."""
    if made is laid:
        return True
    if made is None or laid is None:
        return False
    return (made.cards == laid.cards and made.kind == laid.kind and made.leader == laid.leader
            and made.adder == laid.adder and made.auctioneer == laid.auctioneer)


def _equal(made: object, value: object) -> bool:
    """Whether what was made of ``made`` holds for ``value`` (the same, or equal)."""
    return made is value or made == value


class Reader:
    """Writes views as observation vectors for one :class:`Encoding` (offsets read once)."""

    def __init__(self, enc: Encoding) -> None:
        rules = enc.rules
        off = enc.offsets
        self._n: int = rules.players
        self._artists: int = rules.artists
        self._kinds: int = enc.kinds
        self._scale: float = 1.0 / rules.starting_cash
        self._phases: dict[str, int] = {name: k for k, name in enumerate(PHASE_NAMES)}
        self._rounds: int = rules.rounds
        self._hand: int = off["hand"]
        self._sizes: int = off["hand_sizes"]
        self._dummy: int = off["dummy_sizes"]
        self._cash: int = off["cash"]
        self._known: int = off["cash_known"]
        self._spent: int = off["spent"]
        self._board: int = off["board"]
        self._counts: int = off["counts"]
        self._owned: int = off["owned"]
        self._table: int = off["table"]
        self._lot_cards: int = off["lot_cards"]
        self._lot_type: int = off["lot_type"]
        self._leader: int = off["leader"]
        self._adder: int = off["adder"]
        self._auctioneer: int = off["auctioneer"]
        self._high: int = off["high_bid"]
        self._high_bidder: int = off["high_bidder"]
        self._price: int = off["price"]
        self._sealed: int = off["sealed_done"]
        self._own_sealed: int = off["own_sealed_bid"]
        self._own_limit: int = off["own_limit"]
        self._to_act: int = off["to_act"]
        self._phase: int = off["phase"]
        self._round: int = off["round"]
        self._paintings: int = (
            off["paintings"] if rules.winner_tie_break == MOST_PAINTINGS else -1)
        self._size: int = enc.obs_size
        # zeros to copy (a slice of an array is one copy; a new array from bytes, two calls)
        self._zero: array[float] = _floats(self._size)
        self._caches(self._n)

    def _caches(self, n: int) -> None:
        """What is made of the view's parts, empty."""
        # per observing seat: the public part and what stands of the lot the template
        # was made from (held, so that they are those very objects), and the template
        self._made_public: list[Public | None] = [None] * n
        self._made_laid: list[LotLaid | None] = [None] * n
        self._templates: list[array[float]] = [_floats(self._size)] * n
        # per seat: the hand codes last read and their counts; the cash tuple last shown
        # to the seat and its two parts (cash, cash_known) from the seat on
        self._hand_of: list[object] = [None] * n
        self._hand_values: list[array[float]] = [_floats(self._kinds)] * n
        self._cash_of: list[object] = [None] * n
        self._cash_values: list[array[float]] = [_floats(n)] * n
        self._known_values: list[array[float]] = list(self._cash_values)
        # shared by every seat: the public part last encoded, its encoding in seat order
        # and its per-seat parts twice over; what was made of the board, the sales, the
        # bought cards
        self._base_of: Public | None = None
        self._base: array[float] = _floats(self._size)
        self._rotated: tuple[array[float], ...] = ()
        self._board_of: object = None
        self._board_values: array[float] = _floats(0)
        self._sales_of: tuple[tuple[int, int, int], ...] | None = None
        self._spent_paid: list[int] = []
        self._spent_values: array[float] = _floats(0)
        self._owned_of: object = None
        self._owned_values: array[float] = _floats(0)

    def observe(self, view: View, out: Vector, anchor: int | None = None) -> Vector:
        """Write ``view`` into ``out`` and return it; per-seat parts start at the view's
        seat (a spectator's view: at ``anchor``, by default seat 0)."""
        seat = view.seat
        me = seat if seat is not None else (anchor or 0)
        public = view.public
        part = view.lot_part
        laid = None if part is None else part.laid
        if not _same(self._made_public[me], public) or not _same_laid(self._made_laid[me], laid):
            self._templates[me] = self._template(public, part, me)
        self._made_public[me] = public  # (found by identity next time)
        self._made_laid[me] = laid
        w: Any = out.data  # (a memoryview: a slice or an item written in place)
        w[:] = self._templates[me]
        n = self._n
        if seat is not None:
            at = self._hand
            w[at : at + self._kinds] = self._hand_counts(view.hand_codes, seat)
        cash = view.cash
        if not _equal(self._cash_of[me], cash):
            self._shown(cash, me)
        at = self._cash
        w[at : at + n] = self._cash_values[me]
        at = self._known
        w[at : at + n] = self._known_values[me]
        if part is not None:
            self._progress(part, me, w)
            limits = part.limits
            if seat is not None and limits:
                limit = limits[seat]
                if limit:
                    w[self._own_limit] = limit * self._scale
        at = self._to_act
        for s in view.to_act:
            w[at + (s - me) % n] = 1.0
        return out

    # --- what a step writes ---------------------------------------------------------------

    def _progress(self, part: LotPart, me: int, w: Any) -> None:
        """The lot's progress: the standing bid, its bidder, the price, the sealed bids."""
        n, scale = self._n, self._scale
        w[self._high] = part.high * scale
        high_bidder = part.high_bidder
        if high_bidder is not None:
            w[self._high_bidder + (high_bidder - me) % n] = 1.0
        price = part.price
        if price:
            w[self._price] = price * scale
        done = part.sealed_done
        if done is not None:
            at = self._sealed
            for s in range(len(done)):
                if done[s]:
                    w[at + (s - me) % n] = 1.0
        own = part.own_bid
        if own:
            w[self._own_sealed] = own * scale

    def _hand_counts(self, hand: tuple[int, ...] | None, seat: int) -> array[float]:
        if not _equal(self._hand_of[seat], hand):
            counts = self._zero[: self._kinds]
            for code in hand or ():
                counts[code] += 1.0
            self._hand_of[seat] = hand
            self._hand_values[seat] = counts
        return self._hand_values[seat]

    def _shown(self, cash: tuple[int | None, ...], me: int) -> None:
        """The cash the view shows (``None`` where hidden) and where it is shown, from
        ``me`` on."""
        n, scale = self._n, self._scale
        zero = self._zero
        money = zero[:n]
        known = zero[:n]
        for k in range(n):
            value = cash[(me + k) % n]
            if value is not None:
                money[k] = value * scale
                known[k] = 1.0
        self._cash_of[me] = cash
        self._cash_values[me] = money
        self._known_values[me] = known

    # --- the template: what the public part and what stands of the lot show --------------

    def _template(self, public: Public, part: LotPart | None, me: int) -> array[float]:
        """The public part as seat ``me`` sees it (its per-seat parts from ``me`` on) and
        what stands of the lot, from the public part's encoding shared by every seat."""
        if not _same(self._base_of, public):
            self._encode_public(public)
        t = self._base[:]
        if me:
            n, artists = self._n, self._artists
            rotated = self._rotated
            at = self._sizes
            t[at : at + n] = rotated[0][me : me + n]
            if public.sales:
                at = self._spent
                t[at : at + n] = rotated[1][me : me + n]
            at = self._owned
            t[at : at + n * artists] = rotated[2][me * artists : (me + n) * artists]
            at = self._paintings
            if at >= 0:
                t[at : at + n] = rotated[3][me : me + n]
        if part is not None:
            self._standing(part.laid, me, t)
        return t

    def _encode_public(self, public: Public) -> None:
        """The public part in seat order (``_base``), and its per-seat parts in seat order
        twice over (``_rotated``: a seat's rotation is one slice)."""
        n, artists = self._n, self._artists
        t = self._zero[:]
        sizes = self._zero[: 2 * n]
        at = self._sizes
        hand_sizes = public.hand_sizes
        for s in range(n):
            t[at + s] = sizes[s] = sizes[n + s] = hand_sizes[s]
        at = self._dummy
        dummies = public.dummy_sizes
        for k in range(len(dummies)):
            t[at + k] = dummies[k]
        sales = public.sales
        spent = self._spent_of(sales) if sales else self._zero[: 2 * n]
        at = self._spent
        t[at : at + n] = spent[:n]
        at = self._board
        t[at : at + artists * self._rounds] = self._board_row(public.board)
        at = self._counts
        counts = public.counts
        for k in range(artists):
            t[at + k] = counts[k]
        owned = self._owned_counts(public.owned)
        at = self._owned
        t[at : at + n * artists] = owned[: n * artists]
        at = self._table
        for code in public.table:
            t[at + artist_of(code)] += 1.0
        t[self._phase + self._phases[public.phase]] = 1.0
        r = public.round - 1
        t[self._round + (r if r < self._rounds else self._rounds - 1)] = 1.0
        paintings = self._zero[: 2 * n]
        at = self._paintings
        if at >= 0:
            acquired = public.paintings
            for s in range(n):
                t[at + s] = paintings[s] = paintings[n + s] = acquired[s]
        self._base_of = public
        self._base = t
        self._rotated = (sizes, spent, owned, paintings)

    def _standing(self, laid: LotLaid, me: int, t: array[float]) -> None:
        """What stands while the lot is under the hammer: its cards, auction type,
        leader, adder, auctioneer."""
        n = self._n
        at = self._lot_cards
        for code in laid.cards:
            t[at + code] += 1.0
        t[self._lot_type + laid.kind] = 1.0
        t[self._leader + (laid.leader - me) % n] = 1.0
        adder = laid.adder
        if adder is not None:
            t[self._adder + (adder - me) % n] = 1.0
        t[self._auctioneer + (laid.auctioneer - me) % n] = 1.0

    def _board_row(self, board: tuple[tuple[int, ...], ...]) -> array[float]:
        if not _equal(self._board_of, board):
            scale = self._scale
            self._board_of = board
            self._board_values = array("f", [v * scale for row in board for v in row])
        return self._board_values

    def _spent_of(self, sales: tuple[tuple[int, int, int], ...]) -> array[float]:
        """What each seat paid for lots, scaled, in seat order twice over. Sales only add
        up within a game: a record that starts with the one last read adds its new
        sales only."""
        last = self._sales_of
        if last is sales or last == sales:
            return self._spent_values
        start = len(last) if last is not None and sales[: len(last)] == last else 0
        spent = self._spent_paid if start else [0] * self._n
        for sale in sales[start:]:
            spent[sale[1]] += sale[2]
        scale = self._scale
        self._sales_of = sales
        self._spent_paid = spent
        self._spent_values = array("f", [v * scale for v in spent] * 2)
        return self._spent_values

    def _owned_counts(self, owned: tuple[tuple[int, ...], ...]) -> array[float]:
        """The cards of each artist each seat bought this round, in seat order twice
        over (kept while the view's tuple is the same)."""
        if not _equal(self._owned_of, owned):
            artists = self._artists
            counts = self._zero[: self._n * artists]
            for s in range(len(owned)):
                for code in owned[s]:
                    counts[s * artists + artist_of(code)] += 1.0
            self._owned_of = owned
            self._owned_values = counts + counts
        return self._owned_values


def describe(  # noqa: PLR0917 - the entries changed, their labels and two kinds of memory
    changed: list[int], values: list[float], labels: list[str],
    written: list[dict[float, str]], numbers: dict[float, str], words: list[str],
) -> str:
    """The non-zero entries of an observation, each as its label, ``=`` and its value
    (``name:index=value ...``), from ``words`` (each entry's words, empty for a zero,
    as last described for the same seat), updated where the entries ``changed`` now
    hold ``values``.

    Formatting a number costs more than finding it again, and most entries are as
    they were for the same seat: only the changed entries are written, ``written``
    keeps per entry its words for each value written so far, ``numbers`` each
    value's digits (up to :data:`WRITTEN` values an entry, and ``WRITTEN`` times as
    many numbers)."""
    for k in range(len(changed)):
        i = changed[k]
        value = values[k]
        if value == 0.0:
            words[i] = ""
            continue
        known = written[i]
        entry = known.get(value)
        if entry is None:
            digits = numbers.get(value)
            if digits is None:
                digits = f"{value:g}"
                if len(numbers) < WRITTEN * WRITTEN:
                    numbers[value] = digits
            entry = labels[i] + "=" + digits
            if len(known) < WRITTEN:
                known[value] = entry
        words[i] = entry
    entries: list[str] = []
    for word in words:
        if word:
            entries.append(word)
    return " ".join(entries)
