"""The flow of a round: laying cards, settling lots, dummy cards, scoring, next round.

:class:`RoundFlow` is the base of :class:`~auctionrules.engine.game.Game` that
holds the state and the transitions that are not decisions: what a lead, a
sale, a flip and a round end do. The decisions themselves (who is asked what,
and what the answer does) are :mod:`.decisions`, which calls the methods here
(:meth:`RoundFlow.sell`, :meth:`RoundFlow.settle`, :meth:`RoundFlow.add_second`...).
The auction types read the state and change only their lot: where one settles
its lot (nobody bid, nobody bought, a broke auctioneer...) it returns a
:class:`~auctionrules.engine.auctions.base.Settlement` that the flow carries out
(:meth:`RoundFlow.settle`). Nothing here checks legality: :class:`Game` does
that first.

The flow and the decisions are the history's only writers, each entry made by
its constructor in :mod:`auctionrules.engine.history`: the decisions log the
actions, the flow what follows from them (a sale, a flip, a round's end and
score, a deal, the game's end), so whatever changes the state also says so in
the log, in the order it happened.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from auctionrules.engine import history as entry
from auctionrules.engine.actions import Action
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.cards import DOUBLE
from auctionrules.engine.dummy import choose
from auctionrules.engine.events import Event
from auctionrules.engine.history import History
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.outcome import Outcome, Reason, winners
from auctionrules.engine.policies import BANK, sale_payments
from auctionrules.engine.rules import Rules
from auctionrules.engine.scoring import score_round

if TYPE_CHECKING:
    from auctionrules.engine.auctions.base import Settlement
    from auctionrules.engine.kept import Kept
    from auctionrules.engine.views import View

#: A card code's artist index (``code // 5``) as a C-level callable, for ``map``.
_ARTIST_OF = (5).__rfloordiv__

#: Phases of the game loop.
LEAD, AUCTION, FLIPPING, OVER = range(4)


class RoundFlow:
    """The game state and its transitions (see the module docstring)."""


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
    counts: list[int]
    owned: list[list[int]]
    table: list[int]
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
    sales: list[tuple[int, int, int]]
    #: ``paintings[s]``: the paintings seat ``s`` acquired over the game (bought, taken
    #: free, both cards of a double: every card that came into its possession; public)
    paintings: list[int]
    outcome: Outcome | None
    #: the history: raw log entries, appended here and in :mod:`.decisions` only, each
    #: made by its constructor (see :mod:`.history`)
    _raw: History
    _events: list[Event]
    #: the decisions generator the step API drives, and the decision it waits for
    #: (see :mod:`.decisions`); made from the state when first needed
    _flow: Generator[Any, Any, None] | None
    _pend: Any
    #: the legal moves of the seat asked last in a sealed auction
    _legal: Legal | None
    #: ``(None,) * players``: the choosers of the step API (every seat is asked by
    #: suspending the decisions generator)
    _nobody: tuple[None, ...]
    _unit: int
    _min_bid: int
    _names: tuple[str, ...]
    #: ``alone[s] == (s,)``: the answer of ``to_act`` when only ``s`` acts.
    alone: tuple[tuple[int], ...]
    _companion_rule: bool
    _artist_cards: int
    #: the action log read back from the compact entries of ``_raw`` so far (see ``log``)
    _actions: list[tuple[int, Action]]
    _decoded: int
    start: dict[str, Any]
    #: what views keep between decisions (see :mod:`.views`)
    _view_kept: Kept | None
    #: the views made since the game last moved, frozen before it moves (see
    #: :mod:`.views`)
    _viewers: list[View]
    start_extra: list[int]

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
        return [c for c in distinct if c % 5 != DOUBLE or self.companions(seat, c)]

    def companions(self, seat: int, first: int) -> list[int]:
        """Distinct codes in ``seat``'s hand that may join the double ``first``."""
        low = first // 5 * 5
        distinct = self.distinct[seat]
        # the artist's codes are low..low+4, the double last: a slice of the sorted index
        return distinct[bisect_left(distinct, low) : bisect_left(distinct, low + DOUBLE)]

    def _index_hands(self) -> None:
        """Rebuild :attr:`distinct` after cards were dealt."""
        self.distinct = [sorted(set(hand)) for hand in self.hands[: self.n]]

    def _take_from_hand(self, seat: int, code: int) -> list[int]:
        """Remove one ``code`` from ``seat``'s hand, keeping :attr:`distinct`; the hand."""
        hand = self.hands[seat]
        hand.remove(code)
        if code not in hand:
            self.distinct[seat].remove(code)
        return hand

    def bid_floor(self, high: int) -> int:
        """The lowest bid above ``high``: a whole number of units, at least the minimum,
        and ``money.minimum_raise`` above a bid (``high`` 0: no bid yet)."""
        unit = self._unit
        lo = high + (self.rules.minimum_raise if high else unit)
        if lo < self._min_bid:
            return self._min_bid
        if unit != 1 and lo % unit:
            lo += unit - lo % unit
        return lo

    def bid_range(self, seat: int, high: int) -> tuple[int, int, int] | None:
        """``(min, max, step)`` of a bid above ``high`` that ``seat`` can pay, or ``None``
        (a playout computes the same from :meth:`bid_floor` and the cash)."""
        lo = self.bid_floor(high)
        cash = self.cash[seat]
        if cash < lo:
            return None
        unit = self._unit
        return (lo, cash - (cash - lo) % unit, unit)

    def price_range(self, seat: int) -> tuple[int, int, int] | None:
        """``(min, max, step)`` of a fixed price ``seat`` may name; ``(0, 0, unit)`` when
        broke and ``offer-at-zero``; ``None`` when broke and the auctioneer keeps the lot."""
        rules = self.rules
        unit, lo = self._unit, self._min_bid
        top = self.cash[seat] if rules.fixed_price_capped else max(self.cash)
        if top < lo:
            return None if rules.broke_keeps else (0, 0, unit)
        return (lo, top - (top - lo) % unit, unit)

    def _open(self, leader: int) -> None:
        """The game begins from its dealt position: the ``deal`` entry (the cards each
        hand holds), then the first lead from ``leader``."""
        self._raw.append(entry.deal(self.round + 1, list(map(len, self.hands)), len(self.deck)))
        self._lead_from(leader)

    def _lead_from(self, start: int) -> None:
        if self.hands[start] and not self._companion_rule:  # the usual case, first
            self.phase, self.turn = LEAD, start
            return
        n = self.n
        for k in range(n):
            seat = (start + k) % n
            if self.hands[seat] and (not self._companion_rule or self.leadable(seat)):
                self.phase, self.turn = LEAD, seat
                return
        # Nobody can lead: every hand is empty, or (under the companion rule) holds only
        # doubles without a companion. Only the first is the rulebooks' early end of the
        # game; in the second the players still hold cards, so the game goes on.
        self._end_round(exhausted=self._exhausted(), stuck=True)

    def _exhausted(self) -> bool:
        return not any(self.hands[: self.n])

    def _place(self, code: int) -> bool:
        """Count a card laid on the table; ``True`` if it ends the round."""
        artist = code // 5
        self.counts[artist] += 1
        return self.counts[artist] >= self._artist_cards

    def add_second(self, lot: Lot, seat: int, code: int) -> None:
        """``seat`` adds ``code`` to the double ``lot``; its type runs the auction."""
        if self.place_second(lot, seat, code):
            settled = AUCTIONS[lot.kind].start(self, lot)
            if settled is not None:
                self.settle(lot, settled)

    def place_second(self, lot: Lot, seat: int, code: int) -> bool:
        """:meth:`add_second` up to the auction: ``True`` if the lot goes on as the
        second card's type (``lot.kind``), ``False`` if the card ended the round."""
        self._take_from_hand(seat, code)
        lot.cards.append(code)
        lot.adder = seat
        self._raw.append(entry.add(self.round + 1, seat, self._names[code]))
        self.last_card_player = seat
        if self.rules.adder_auctions:
            lot.auctioneer = seat
        self.last_auctioneer = lot.auctioneer
        ends = self._place(code)
        if ends and not self.rules.ending_card_sold:
            self._end_round(exhausted=False, artist=code // 5)
            return False
        if not (self.hands[seat] or self.rules.last_card_sold or ends) and self._exhausted():
            self._end_round(exhausted=True)
            return False
        lot.kind = code % 5
        return True

    def sell(self, lot: Lot, winner: int, price: int) -> None:
        """``winner`` pays ``price`` for the lot, to the payees the rules name; then
        what follows a settled lot."""
        cash = list(self.cash)
        cash[winner] -= price
        payments = sale_payments(self.rules.payee, lot, winner, price)
        for to, amount in payments:
            if to == BANK:
                self.bank_in += amount
            else:
                cash[to] += amount
        self.cash = tuple(cash)
        self.owned[winner].extend(lot.cards)
        self.paintings[winner] += len(lot.cards)
        self.sales.append((self.round + 1, winner, price))
        self._raw.append(entry.sold(
            self.round + 1, self._names, winner, price, lot.cards, lot.auctioneer, payments
        ))
        self._settled(lot, winner)

    def take_free(self, lot: Lot, seat: int) -> None:
        """``seat`` takes the lot without paying (nobody bid, nobody added...)."""
        self.owned[seat].extend(lot.cards)
        self.paintings[seat] += len(lot.cards)
        cards = list(map(self._names.__getitem__, lot.cards))
        self._raw.append(entry.taken_free(self.round + 1, seat, cards, lot.auctioneer))
        self._settled(lot, seat)

    def leave_unsold(self, lot: Lot) -> None:
        """The lot stays on the table, unowned; it still counts for the ranking."""
        self.table.extend(lot.cards)
        cards = list(map(self._names.__getitem__, lot.cards))
        self._raw.append(entry.unsold(self.round + 1, cards))
        self._settled(lot, NOBODY)

    def settle(self, lot: Lot, settlement: Settlement) -> None:
        """Carry out what an auction type says becomes of its lot."""
        kind = settlement.kind
        if kind == "sold":
            self.sell(lot, settlement.seat, settlement.price)
        elif kind == "free":
            self.take_free(lot, settlement.seat)
        elif kind == "unsold":
            self.leave_unsold(lot)
        else:
            self.no_bid(lot)

    def no_bid(self, lot: Lot) -> None:
        """Nobody bid: the ``no_bid`` strategy names the taker."""
        taker = self.rules.no_bid.taker(lot)
        if taker == NOBODY:
            self.leave_unsold(lot)
        else:
            self.take_free(lot, taker)

    def _settled(self, lot: Lot, taker: int) -> None:
        self.lot = None
        self.last_auctioneer = lot.auctioneer
        rules = self.rules
        # (the usual case, first)
        if not rules.dummies and not rules.last_card_sold and not rules.ending_card_sold:
            resume = (lot.auctioneer + 1) % self.n
            if self.hands[resume] and not self._companion_rule:
                self.phase, self.turn = LEAD, resume
            else:
                self._lead_from(resume)
            return
        if rules.ending_card_sold:  # the lot of the card that ended the round is settled
            artist = self.counts.index(max(self.counts))
            if self.counts[artist] >= self._artist_cards:
                self._end_round(exhausted=False, artist=artist)
                return
        if rules.last_card_sold and self._exhausted():
            self._end_round(exhausted=True)
            return
        resume = (lot.auctioneer + 1) % self.n
        if rules.dummies and any(self.hands[self.n :]):
            decision = rules.flip_when.after_lot(lot, taker)
            if decision is not None:
                flipper, automatic = decision
                if automatic:
                    if self._flip(flipper):
                        return
                else:
                    self.phase, self.flipper, self.resume = FLIPPING, flipper, resume
                    return
        self._lead_from(resume)

    def _flip_or_pass(self, seat: int, flip: bool) -> None:
        """The flipper's decision: turn over a dummy card, or not; then the lead."""
        resume = self.resume
        if flip:
            if self._flip(seat, chosen=True):
                return
        else:
            self._raw.append(entry.pass_(self.round + 1, seat))
        self._lead_from(resume)

    def _flip(self, flipper: int, chosen: bool = False) -> bool:
        """Turn over a dummy card (``chosen``: by ``flipper``'s action, not automatically);
        ``True`` if it ended the round."""
        hand_index, card_index = choose(self)
        hand = self.hands[self.n + hand_index]
        code = hand.pop(card_index)
        self.table.append(code)
        name = self._names[code]
        if chosen:  # the action's compact entry, which the action log reads back
            self._raw.append(entry.flip(self.round + 1, flipper, hand_index, name))
        else:
            self._raw.append(entry.dummy_flip(self.round + 1, flipper, hand_index, name))
        self.last_card_player = (
            flipper if self.rules.dummy_laid_by_flipper else self.last_auctioneer
        )
        if self._place(code):
            self._end_round(exhausted=False, artist=code // 5)
            return True
        return False

    def _end_round(self, exhausted: bool, artist: int | None = None, stuck: bool = False) -> None:
        """Score the round; then the next round or the end of the game.

        ``exhausted``: every player's hand is empty (``round_end.hands_exhausted``);
        ``stuck``: no player can lead although some still hold cards (only doubles
        without a companion under ``lead_requires_companion``); the round ends and,
        the hands not being exhausted, the game goes on to the next round.
        """
        rules, codec = self.rules, self.rules.codec
        unsold: list[int] = []
        if self.lot is not None:
            unsold = self.lot.cards
            self.table.extend(unsold)
            self.lot = None
        ids = codec.artist_ids
        reason = "hands-exhausted" if exhausted else "no-playable-card" if stuck else "artist-cards"
        # (self.counts is replaced, never changed, below; the lot's cards list is dropped)
        self._raw.append(entry.round_end(
            self.round + 1, ids, reason, artist, self.counts, self._names, unsold
        ))
        score = score_round(
            counts=self.counts,
            owned=[map(_ARTIST_OF, cards) for cards in self.owned],
            board=self.board,
            round_index=self.round,
            ranking=rules.ranking,
            rank_unplayed=rules.rank_unplayed,
            tie_break=rules.ranking_tie_break,
            valuation=rules.valuation,
        )
        self.cash = tuple(map(int.__add__, self.cash, score.payouts))
        self.bank_out += sum(score.payouts)
        self._raw.append(entry.scored(
            self.round + 1, ids, score.ranked, score.added, self.board, self.round,
            score.values, score.payouts,
        ))
        for cards in self.owned:
            self.discard.extend(cards)
            cards.clear()
        self.discard.extend(self.table)
        self.table.clear()
        self.counts = [0] * rules.artists
        if exhausted and not rules.exhausted_next_round:
            self._finish(Reason.HANDS_EXHAUSTED)
            return
        if stuck and not exhausted and rules.stuck_ends_game:
            self._finish(Reason.NO_PLAYABLE_CARD)
            return
        if self.round + 1 >= rules.rounds:
            self._finish(Reason.HANDS_EXHAUSTED if exhausted else Reason.ROUNDS_COMPLETE)
            return
        self.round += 1
        per = rules.hand_deal[self.round]
        dealt = []
        for hand in self.hands:
            take = self.deck[:per]
            del self.deck[:per]
            hand.extend(take)
            dealt.append(len(take))
        if any(dealt):
            self._index_hands()
        self._raw.append(entry.deal(self.round + 1, dealt, len(self.deck)))
        self._lead_from(rules.starter.starter(self.last_card_player, self.last_auctioneer, self.n))

    def _finish(self, reason: Reason) -> None:
        cash = self.cash
        rules = self.rules
        # winner.tie_break
        sales = self.sales if rules.ties_by_purchases else None
        paintings = self.paintings if rules.ties_by_paintings else None
        self.outcome = Outcome(
            reason,
            cash,
            winners(cash, rules.ties_shared, sales, paintings),
            tuple(tuple(r) for r in self.board),
            self.round + 1,
        )
        self.phase = OVER
        self._raw.append(
            entry.game_end(self.round + 1, reason.value, list(cash), list(self.outcome.winners))
        )

