"""The observation of one seat, read straight from the engine's state.

The only module of :mod:`auctionrules.envs` that reads the game's state
attributes (``hands``, ``cash``, ``board``, ``counts``, ``owned``, ``table``,
``lot``, ``sales``, ``round``, ``phase``...) instead of going through
:meth:`Game.view <auctionrules.engine.Game.view>`: building a ``View`` per
step costs more than the rest of an environment step, so the vector is
written into a preallocated array here. It shows exactly what the seat's view
shows, no more (``tests/envs/test_encoding.py`` checks it against the view and
against games that differ only in what the seat may not see):

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
left, and so on. Counts are raw numbers of cards.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from auctionrules.envs.encoding import Encoding, Vector

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.lot import Lot


class Reader:
    """Fills observation vectors for one :class:`Encoding` (offsets read once)."""

    __slots__ = (
        "_adder",
        "_artists",
        "_auctioneer",
        "_board",
        "_board_key",
        "_board_values",
        "_cash",
        "_counts",
        "_dummy",
        "_enc",
        "_hand",
        "_hand_keys",
        "_hand_values",
        "_high",
        "_high_bidder",
        "_known",
        "_leader",
        "_lot_cards",
        "_lot_type",
        "_n",
        "_orders",
        "_own_sealed",
        "_owned",
        "_owned_key",
        "_owned_view",
        "_paintings",
        "_phase",
        "_price",
        "_public_prices",
        "_round",
        "_rounds",
        "_scale",
        "_screens",
        "_sealed",
        "_sizes",
        "_spent",
        "_spent_key",
        "_spent_values",
        "_spent_view",
        "_table",
        "_to_act",
        "_zeros",
    )

    def __init__(self, enc: Encoding) -> None:
        rules = enc.rules
        off = enc.offsets
        self._enc = enc
        self._n = rules.players
        self._artists = rules.artists
        self._scale = 1.0 / rules.starting_cash
        self._screens = rules.screens
        self._public_prices = rules.public_prices
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
        self._paintings = off["paintings"] if rules.ties_by_paintings else -1
        self._rounds = rules.rounds
        self._zeros = enc.new_observation().data
        # what changes rarely is kept for the game last read: the board (at the end of a
        # round) and the money each player spent (after a sale)
        self._board_key: tuple[object, int, bool] | None = None
        self._board_values = array("f")
        self._spent_key: tuple[object, int] | None = None
        self._spent_values: list[int] = []
        self._spent_view = memoryview(array("f"))
        self._owned_key: tuple[object, int, int] | None = None
        self._owned_view = memoryview(array("f"))
        # and each seat's hand counts: within a round a hand only loses cards, so the
        # round and the hand's size identify it
        self._hand_keys: list[tuple[object, int, int] | None] = [None] * rules.players
        self._hand_values = [array("f")] * rules.players
        n = rules.players
        self._orders = [[(seat + k) % n for k in range(n)] for seat in range(n)]

    def observe(self, game: Game, seat: int, out: Vector) -> Vector:
        """Write ``seat``'s observation of ``game`` into ``out`` and return it."""
        n, artists, scale = self._n, self._artists, self._scale
        # single writes through a memoryview cost a fifth of numpy's item assignment
        w: Any = out.data
        w[:] = self._zeros
        hands = game.hands
        at = self._hand
        w[at : at + artists * 5] = self._hand_of(game, seat, hands[seat])
        at = self._sizes
        for k, s in enumerate(self._orders[seat]):
            w[at + k] = len(hands[s])
        at = self._dummy - n
        for h in range(n, len(hands)):
            w[at + h] = len(hands[h])
        cash = game.cash
        if self._screens and game.outcome is None:
            w[self._cash] = cash[seat] * scale
            w[self._known] = 1.0
        else:
            at, known = self._cash, self._known
            for k in range(n):
                w[at + k] = cash[(seat + k) % n] * scale
                w[known + k] = 1.0
        if self._public_prices and game.sales:
            # (kept twice over, seat order: the seat's rotation is one slice)
            at = self._spent
            w[at : at + n] = self._spent_of(game)[seat : seat + n]
        if game.round or game.outcome is not None:  # the board is empty in round 1
            at = self._board
            w[at : at + self._artists * self._rounds] = self._board_of(game)
        at = self._counts
        w[at : at + artists] = array("f", game.counts)
        owned = game.owned
        bought = sum(map(len, owned))
        if bought:
            at = self._owned
            block = n * artists
            w[at : at + block] = self._owned_of(game, owned, bought)[
                seat * artists : seat * artists + block
            ]
        at = self._table
        for code in game.table:
            w[at + code // 5] += 1.0
        if game.lot is not None:
            self._lot(game.lot, seat, w)
        at = self._to_act
        for s in game.to_act():
            w[at + (s - seat) % n] = 1.0
        w[self._phase + game.phase] = 1.0
        r = game.round
        w[self._round + (r if r < self._rounds else self._rounds - 1)] = 1.0
        at = self._paintings
        if at >= 0:
            paintings = game.paintings
            for k, s in enumerate(self._orders[seat]):
                w[at + k] = paintings[s]
        return out

    def _lot(self, lot: Lot, seat: int, w: Any) -> None:
        n, scale = self._n, self._scale
        at = self._lot_cards
        for code in lot.cards:
            w[at + code] += 1.0
        w[self._lot_type + lot.kind] = 1.0
        w[self._leader + (lot.leader - seat) % n] = 1.0
        if lot.adder >= 0:
            w[self._adder + (lot.adder - seat) % n] = 1.0
        w[self._auctioneer + (lot.auctioneer - seat) % n] = 1.0
        w[self._high] = lot.high * scale
        if lot.high_bidder >= 0:
            w[self._high_bidder + (lot.high_bidder - seat) % n] = 1.0
        if lot.kind == 3 and lot.price > 0:
            w[self._price] = lot.price * scale
        sealed = lot.sealed
        if sealed:
            at = self._sealed
            for s, bid in enumerate(sealed):
                if bid is not None:
                    w[at + (s - seat) % n] = 1.0
            own = sealed[seat]
            if own:
                w[self._own_sealed] = own * scale

    def _hand_of(self, game: Game, seat: int, hand: list[int]) -> array[float]:
        key = (game, game.round, len(hand))
        if self._hand_keys[seat] != key:
            counts = array("f", bytes(4 * self._artists * 5))
            for code in hand:
                counts[code] += 1.0
            self._hand_values[seat] = counts
            self._hand_keys[seat] = key
        return self._hand_values[seat]

    def _board_of(self, game: Game) -> array[float]:
        key = (game, game.round, game.outcome is not None)
        if self._board_key != key:
            scale = self._scale
            self._board_values = array("f", [v * scale for row in game.board for v in row])
            self._board_key = key
        return self._board_values

    def _spent_of(self, game: Game) -> memoryview:
        """What each seat spent, scaled, in seat order twice over."""
        sales = game.sales
        key = self._spent_key
        if key is not None and key[0] is game and key[1] == len(sales):
            return self._spent_view
        if key is not None and key[0] is game and key[1] < len(sales):
            spent, start = self._spent_values, key[1]
        else:
            spent, start = [0] * self._n, 0
        for _, buyer, price in sales[start:]:
            spent[buyer] += price
        self._spent_key, self._spent_values = (game, len(sales)), spent
        scale = self._scale
        self._spent_view = memoryview(array("f", [v * scale for v in spent] * 2))
        return self._spent_view

    def _owned_of(self, game: Game, owned: list[list[int]], bought: int) -> memoryview:
        """The cards of each artist each seat bought this round, in seat order twice over.
        Within a round the lists only grow, so the round and their total size name them."""
        key = (game, game.round, bought)
        if self._owned_key != key:
            artists = self._artists
            counts = [0.0] * (self._n * artists)
            for s, cards in enumerate(owned):
                for code in cards:
                    counts[s * artists + code // 5] += 1.0
            self._owned_view = memoryview(array("f", counts * 2))
            self._owned_key = key
        return self._owned_view
