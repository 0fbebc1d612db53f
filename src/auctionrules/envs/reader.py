"""The observation of one seat: the engine's view of it, written as a vector.

What a seat may see is decided in one place, the engine's view
(:meth:`Game.view <auctionrules.engine.Game.view>`, :mod:`auctionrules.engine.views`);
this module only writes a :class:`~auctionrules.engine.View` into a
preallocated array, reading the view's public fields and nothing of the game.
So the vector shows exactly what the view shows, no more: a spectator's view
(:meth:`Game.public_view <auctionrules.engine.Game.public_view>`) gives the
public part alone. (``tests/envs/test_encoding.py`` checks it against a slow
encoding of the view and against games that differ only in what the seat may
not see.) The parts:

=================  =====================================================================
``hand``           own cards, a count per card kind
``hand_sizes``     cards in each player's hand
``dummy_sizes``    cards left in each dummy hand
``cash``           own cash; others' only when the ruleset shows money (no
                   ``money.screens``) or the game is over; ÷ starting cash
``cash_known``     1 where ``cash`` is shown
``spent``          what each player paid for lots this game, when prices are public
                   (``money.public_prices``; else 0); ÷ starting cash
``board``          the values on the board, round by round, artist by artist; ÷ starting cash
``counts``         cards of each artist laid this round (lots, sold or not, and dummy cards)
``owned``          cards of each artist each player bought this round
``table``          unowned cards of each artist on the table (turned-over dummy cards,
                   unsold lots)
``lot_cards``      the lot's cards, a count per card kind
``lot_type``       the auction type running (one-hot)
``leader``         who led the lot; ``adder`` who added its second card; ``auctioneer``
                   who runs the auction (one-hot each)
``high_bid``       the standing bid; ÷ starting cash
``high_bidder``    who holds it (one-hot)
``price``          the fixed price named; ÷ starting cash
``sealed_done``    who has already given a sealed bid (never its amount)
``own_sealed_bid`` the seat's own sealed bid; ÷ starting cash
``to_act``         who must act now
``phase``          lead, auction, flip, over (one-hot)
``round``          the round (one-hot)
``paintings``      the paintings each player acquired over the game (bought, taken
                   free, both cards of a double), only where the winner's tie-break
                   counts them (``winner.tie_break: most-paintings``); raw counts
=================  =====================================================================

Per-seat parts are relative: the observing seat first, then the seat to its
left, and so on (for a spectator's view, the seat named as the anchor). Counts
are raw numbers of cards.

What the view shares between two reads (the public part of a game standing
still, a hand unchanged) is kept here by identity, so a step that changed little
costs little: a kept value is a tuple the view gave, held until it is replaced.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from auctionrules.engine.cards import artist_of
from auctionrules.engine.rules import MOST_PAINTINGS
from auctionrules.envs.encoding import Encoding, Vector
from auctionrules.model import AUCTION_TYPES

if TYPE_CHECKING:
    from auctionrules.engine.views import View

#: The view's phases, in the order of the ``phase`` part.
PHASE_NAMES = ("lead", "auction", "flip", "over")


class Reader:
    """Writes views as observation vectors for one :class:`Encoding` (offsets read once)."""

    __slots__ = (
        "_adder",
        "_artist_of",
        "_artists",
        "_auctioneer",
        "_board",
        "_board_of",
        "_board_values",
        "_cash",
        "_code",
        "_counts",
        "_dummy",
        "_hand",
        "_hand_of",
        "_hand_values",
        "_high",
        "_high_bidder",
        "_kinds",
        "_known",
        "_leader",
        "_lot_cards",
        "_lot_type",
        "_n",
        "_ones",
        "_own_sealed",
        "_owned",
        "_owned_of",
        "_owned_values",
        "_paintings",
        "_phase",
        "_phases",
        "_price",
        "_round",
        "_rounds",
        "_sales_of",
        "_scale",
        "_sealed",
        "_sizes",
        "_spent",
        "_spent_paid",
        "_spent_values",
        "_table",
        "_to_act",
        "_types",
        "_zeros",
    )

    def __init__(self, enc: Encoding) -> None:
        rules = enc.rules
        off = enc.offsets
        self._n = n = rules.players
        self._artists = rules.artists
        self._kinds = enc.kinds
        self._scale = 1.0 / rules.starting_cash
        by_name = rules.codec.by_name
        self._code: dict[str, int] = dict(by_name)
        self._artist_of: dict[str, int] = {name: artist_of(code) for name, code in by_name.items()}
        self._types = {name: k for k, name in enumerate(AUCTION_TYPES)}
        self._phases = {name: k for k, name in enumerate(PHASE_NAMES)}
        self._hand = off["hand"]
        self._sizes = off["hand_sizes"]
        self._dummy = off["dummy_sizes"]
        self._cash = off["cash"]
        self._known = off["cash_known"]
        self._spent = off["spent"]
        self._board = off["board"]
        self._counts = off["counts"]
        self._owned = off["owned"]
        self._table = off["table"]
        self._lot_cards = off["lot_cards"]
        self._lot_type = off["lot_type"]
        self._leader = off["leader"]
        self._adder = off["adder"]
        self._auctioneer = off["auctioneer"]
        self._high = off["high_bid"]
        self._high_bidder = off["high_bidder"]
        self._price = off["price"]
        self._sealed = off["sealed_done"]
        self._own_sealed = off["own_sealed_bid"]
        self._to_act = off["to_act"]
        self._phase = off["phase"]
        self._round = off["round"]
        self._paintings = off["paintings"] if rules.winner_tie_break == MOST_PAINTINGS else -1
        self._rounds = rules.rounds
        self._zeros = enc.new_observation().data
        self._ones = array("f", [1.0] * n)
        # the view's tuples last read, and what was made of them (by identity: a view
        # shares its kept tuples while they hold, and a new tuple replaces a changed one)
        self._hand_of: list[object] = [None] * n
        self._hand_values: list[array[float]] = [array("f")] * n
        self._board_of: object = None
        self._board_values = array("f")
        self._sales_of: Any = None
        self._spent_paid: list[int] = []
        self._spent_values = array("f")
        self._owned_of: object = None
        self._owned_values = array("f")

    def observe(self, view: View, out: Vector, anchor: int | None = None) -> Vector:
        """Write ``view`` into ``out`` and return it; per-seat parts start at the view's
        seat (a spectator's view: at ``anchor``, by default seat 0)."""
        n, artists = self._n, self._artists
        seat = view.seat
        me = seat if seat is not None else (anchor or 0)
        # (slices written from arrays, single entries through a memoryview: a fifth of
        # numpy's cost per item)
        w: Any = out.data
        w[:] = self._zeros
        if seat is not None:
            at = self._hand
            w[at : at + self._kinds] = self._hand_counts(view.hand, me)
        at = self._sizes
        sizes = view.hand_sizes
        w[at : at + n] = array("f", sizes[me:] + sizes[:me] if me else sizes)
        dummies = view.dummy_sizes
        if dummies:
            at = self._dummy
            w[at : at + len(dummies)] = array("f", dummies)
        self._money(view.cash, me, w)
        sales = view.sales
        if sales:
            at = self._spent
            spent = self._spent_of(sales)
            w[at : at + n] = spent[me : me + n]
        at = self._board
        w[at : at + artists * self._rounds] = self._board_row(view.board)
        at = self._counts
        w[at : at + artists] = array("f", view.counts)
        at = self._owned
        w[at : at + n * artists] = self._owned_counts(view.owned, me)
        table = view.table
        if table:
            at, artist_of = self._table, self._artist_of
            for name in table:
                w[at + artist_of[name]] += 1.0
        lot = view.lot
        if lot is not None:
            self._lot(dict(lot), me, w)
        at = self._to_act
        for s in view.to_act:
            w[at + (s - me) % n] = 1.0
        w[self._phase + self._phases[view.phase]] = 1.0
        r = view.round - 1
        w[self._round + (r if r < self._rounds else self._rounds - 1)] = 1.0
        at = self._paintings
        if at >= 0:
            paintings = view.paintings
            w[at : at + n] = array("f", paintings[me:] + paintings[:me])
        return out

    def _money(self, cash: tuple[int | None, ...], me: int, w: Any) -> None:
        """The cash the view shows (``None`` where hidden), from ``me`` on."""
        n, scale = self._n, self._scale
        if me:
            cash = cash[me:] + cash[:me]
        if None in cash:
            at, known = self._cash, self._known
            for k, money in enumerate(cash):
                if money is not None:
                    w[at + k] = money * scale
                    w[known + k] = 1.0
        else:
            at = self._cash
            w[at : at + n] = array("f", [money * scale for money in cash])  # type: ignore[operator]
            at = self._known
            w[at : at + n] = self._ones

    def _lot(self, lot: dict[str, Any], me: int, w: Any) -> None:
        n, scale, code = self._n, self._scale, self._code
        at = self._lot_cards
        for name in lot["cards"]:
            w[at + code[name]] += 1.0
        w[self._lot_type + self._types[lot["type"]]] = 1.0
        w[self._leader + (lot["leader"] - me) % n] = 1.0
        adder = lot["adder"]
        if adder is not None:
            w[self._adder + (adder - me) % n] = 1.0
        w[self._auctioneer + (lot["auctioneer"] - me) % n] = 1.0
        w[self._high] = lot["high"] * scale
        high_bidder = lot["high_bidder"]
        if high_bidder is not None:
            w[self._high_bidder + (high_bidder - me) % n] = 1.0
        price = lot["price"]
        if price:
            w[self._price] = price * scale
        done = lot["sealed_done"]
        if done is not None:
            at = self._sealed
            for s, given in enumerate(done):
                if given:
                    w[at + (s - me) % n] = 1.0
        own = lot["own_sealed_bid"]
        if own:
            w[self._own_sealed] = own * scale

    def _hand_counts(self, hand: Any, seat: int) -> array[float]:
        if self._hand_of[seat] is not hand:
            counts = array("f", bytes(4 * self._kinds))
            code = self._code
            for name in hand:
                counts[code[name]] += 1.0
            self._hand_of[seat], self._hand_values[seat] = hand, counts
        return self._hand_values[seat]

    def _board_row(self, board: Any) -> array[float]:
        if self._board_of is not board:
            scale = self._scale
            self._board_of = board
            self._board_values = array("f", [v * scale for row in board for v in row])
        return self._board_values

    def _spent_of(self, sales: Any) -> array[float]:
        """What each seat paid for lots, scaled, in seat order twice over (a seat's
        rotation is one slice). Sales only add up within a game: a record that starts
        with the one last read adds its new sales only."""
        last = self._sales_of
        if last is sales or last == sales:
            return self._spent_values
        start = len(last) if last is not None and sales[: len(last)] == last else 0
        spent = self._spent_paid if start else [0] * self._n
        for _, buyer, price in sales[start:]:
            spent[buyer] += price
        scale = self._scale
        self._sales_of, self._spent_paid = sales, spent
        self._spent_values = array("f", [v * scale for v in spent] * 2)
        return self._spent_values

    def _owned_counts(self, owned: Any, me: int) -> array[float]:
        """The cards of each artist each seat bought this round, from ``me`` on. (The
        view names the cards anew at each read: what was made is kept while the names
        are equal.)"""
        if self._owned_of != owned:
            artists, artist_of = self._artists, self._artist_of
            counts = array("f", bytes(4 * self._n * artists))
            for s, cards in enumerate(owned):
                for name in cards:
                    counts[s * artists + artist_of[name]] += 1.0
            self._owned_of, self._owned_values = owned, counts + counts
        start = me * self._artists
        return self._owned_values[start : start + self._n * self._artists]
