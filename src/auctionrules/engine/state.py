"""The state of a game: the position, the history, and the rules' questions about them.

:class:`State` holds every field a move may change (the hands, the deck, the
cash, the board, the lot under the hammer, the phase and whose turn it is...) and
the history of raw entries, and answers what the rules ask of the position (which
cards a seat may lead, the range of a bid or a fixed price). It changes nothing:
the changes are the round flow's (:mod:`.flow`) and the decisions generator's
(:mod:`.decisions`), functions of a state. A
:class:`~auctionrules.engine.game.Game` holds one.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any

from auctionrules.compiled import Reduced, reduced
from auctionrules.engine.actions import Add, Play
from auctionrules.engine.cards import DOUBLE, artist_of, auction_of, first_of_artist
from auctionrules.engine.history import History
from auctionrules.engine.lot import FIELDS as LOT_FIELDS
from auctionrules.engine.lot import Lot
from auctionrules.engine.money import Bidding
from auctionrules.engine.outcome import Outcome
from auctionrules.engine.policies import OpenEnding, Payee
from auctionrules.engine.rules import Rules


class State:
    """The fields of a game's state, and the questions the rules ask of them.

    Its fields are the position (hands, deck, cash, board, the lot...), the
    history, and what the compiled rules say that the flow reads at every move.
    Its methods only read, except :meth:`copy`, which makes an independent copy.
    """

    rules: Rules
    n: int
    seed: int
    hands: list[list[int]]
    #: ``distinct[s]``: the distinct codes of player ``s``'s hand, ascending (an index
    #: kept with the hand: the legal leads and companions are read from it).
    distinct: list[list[int]]
    deck: list[int]
    #: each seat's money, a tuple replaced at every payment (never changed in place)
    cash: tuple[int, ...]
    board: list[list[int]]
    round: int
    #: the cards of each artist laid this round (a tuple replaced when a card is laid,
    #: as are the other tuples here: views share them)
    counts: tuple[int, ...]
    owned: tuple[tuple[int, ...], ...]
    table: tuple[int, ...]
    discard: list[int]
    phase: int
    turn: int
    lot: Lot | None
    flipper: int
    resume: int
    last_card_player: int
    last_auctioneer: int
    dummy_next: int
    _rng: random.Random | None
    bank_in: int
    bank_out: int
    money_total: int
    sales: tuple[tuple[int, int, int], ...]
    #: ``paintings[s]``: the paintings seat ``s`` acquired over the game (bought, taken
    #: free, both cards of a double: every card that came into its possession; public)
    paintings: tuple[int, ...]
    outcome: Outcome | None
    #: the history: raw log entries, appended here and in :mod:`.decisions` only, each
    #: made by its constructor (see :mod:`.history`)
    _raw: History
    _names: tuple[str, ...]
    #: ``alone[s] == (s,)``: the answer of ``to_act`` when only ``s`` acts.
    alone: tuple[tuple[int, ...], ...]
    _companion_rule: bool
    #: what the decisions read of the rules at every move, kept from them here: the
    #: compiled rules are an attrs class, whose every field read is a dictionary look-up
    #: in compiled code, where these are a native object's fields
    _bidding: Bidding
    _ending: OpenEnding
    _plays: tuple[Play, ...]
    _adds: tuple[Add, ...]
    _played_as: tuple[int, ...]
    _artist_cards: int
    _payee: Payee
    _dummies: int
    _last_card_sold: bool
    _ending_card_sold: bool
    #: the position the game started from, for its record: the hands and the deck
    #: (and where it is not a fresh deal, the rest of the position)
    start: dict[str, Any]
    #: the cards on the table or owned in the starting position (counted by the
    #: card-conservation invariant)
    start_extra: list[int]

    def __init__(self, rules: Rules, seed: int) -> None:
        """An empty state under ``rules`` (``flow.begin`` sets its position up)."""
        self.rules = rules
        self.n = rules.players
        self.seed = seed
        self._rng = None
        self._names = rules.codec.names
        self.alone = rules.alone
        self._companion_rule = rules.lead_requires_companion
        self._bidding = rules.bidding
        self._ending = rules.open_ending
        self._plays = rules.plays
        self._adds = rules.adds
        self._played_as = rules.played_as
        self._artist_cards = rules.artist_cards
        self._payee = rules.payee
        self._dummies = rules.dummies
        self._last_card_sold = rules.last_card_sold
        self._ending_card_sold = rules.ending_card_sold
        self._raw = []

    def copy(self) -> State:
        """An independent copy: what a move may change in place is copied (the lists,
        the lot, the random generator); the tuples (replaced, never changed), the
        rules, the start position and the history's entries (immutable once written)
        are shared. Every field is named here: a field added
        to the class and forgotten here fails ``tests/engine/test_state.py``."""
        twin = State(self.rules, self.seed)
        twin.hands = [list(hand) for hand in self.hands]
        twin.distinct = [list(codes) for codes in self.distinct]
        twin.deck = list(self.deck)
        twin.cash = self.cash
        twin.board = [list(row) for row in self.board]
        twin.round = self.round
        twin.counts = self.counts
        twin.owned = self.owned
        twin.table = self.table
        twin.discard = list(self.discard)
        twin.phase = self.phase
        twin.turn = self.turn
        twin.lot = None if self.lot is None else self.lot.copy()
        twin.flipper = self.flipper
        twin.resume = self.resume
        twin.last_card_player = self.last_card_player
        twin.last_auctioneer = self.last_auctioneer
        twin.dummy_next = self.dummy_next
        if self._rng is not None:
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
        twin.bank_in = self.bank_in
        twin.bank_out = self.bank_out
        twin.money_total = self.money_total
        twin.sales = self.sales
        twin.paintings = self.paintings
        twin.outcome = self.outcome
        twin._raw = list(self._raw)
        twin.start = self.start
        twin.start_extra = self.start_extra
        return twin

    def __reduce__(self) -> Reduced:
        return reduced(self, (self.rules, self.seed))

    def snapshot(self) -> tuple[Any, ...]:
        """Every field as a comparable, hashable value; the history by its length only
        (``Game.snapshot`` adds the action log read back from it)."""
        lot = self.lot
        lot_state = None
        if lot is not None:
            lot_state = tuple(
                tuple(v) if isinstance(v, list) else v
                for v in (getattr(lot, k) for k in LOT_FIELDS)
            )
        return (
            self.phase, self.round, self.turn, self.flipper, self.resume,
            tuple(tuple(h) for h in self.hands), tuple(self.deck), tuple(self.cash),
            tuple(tuple(r) for r in self.board), self.counts, self.owned, self.table,
            tuple(self.discard),
            lot_state, self.last_card_player, self.last_auctioneer, self.dummy_next,
            self.bank_in, self.bank_out, self.sales, self.paintings, len(self._raw),
            self.rng.getstate(), self.outcome,
        )

    @property
    def rng(self) -> random.Random:
        """The game's own random generator (which dummy card is turned over), seeded
        with :attr:`seed` on first use: most games never need it, and seeding a
        generator costs as much as a dozen moves."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    def leadable(self, seat: int) -> list[int]:
        """Distinct card codes ``seat`` may lead, ascending (do not modify the list)."""
        distinct = self.distinct[seat]
        if not self._companion_rule:
            return distinct
        return [c for c in distinct if auction_of(c) != DOUBLE or self.companions(seat, c)]

    def companions(self, seat: int, first: int) -> list[int]:
        """Distinct codes in ``seat``'s hand that may join the double ``first``."""
        low = first_of_artist(artist_of(first))
        distinct = self.distinct[seat]
        # the artist's codes are low..low+4, the double last: a slice of the sorted index
        return distinct[bisect_left(distinct, low) : bisect_left(distinct, low + DOUBLE)]

    def bid_range(self, seat: int, high: int) -> tuple[int, int, int] | None:
        """``(min, max, step)`` of a bid above ``high`` that ``seat`` can pay, or ``None``
        (the rules' :class:`~auctionrules.engine.money.Bidding` and the seat's cash)."""
        return self._bidding.range(high, self.cash[seat])

    def price_range(self, seat: int) -> tuple[int, int, int] | None:
        """``(min, max, step)`` of a fixed price ``seat`` may name; ``(0, 0, unit)`` when
        broke and ``offer-at-zero``; ``None`` when broke and the auctioneer keeps the lot.
        An unlimited price goes up to :attr:`Rules.most_money`, which no player's money
        passes: the range tells nothing of the others' cash behind screens, and a price
        nobody can pay may be named."""
        rules = self.rules
        top = self.cash[seat] if rules.fixed_price_capped else rules.most_money
        span = self._bidding.prices(top)
        if span is None and not rules.broke_keeps:
            return (0, 0, rules.unit)
        return span
