"""The flow of a round: laying cards, settling lots, dummy cards, scoring, next round.

:class:`RoundFlow` adds to a game's :class:`~auctionrules.engine.state.State` the
transitions that are not decisions: what a lead, a sale, a flip and a round end
do. A :class:`~auctionrules.engine.game.Game` holds one (``game.state``) and is
the public step API over it. The decisions themselves (who is asked what, and
what the answer does) are :mod:`.decisions`, which calls the methods here
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

from typing import TYPE_CHECKING

from auctionrules.engine import history as entry
from auctionrules.engine import setup
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.dummy import choose
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.outcome import Outcome, Reason, winners
from auctionrules.engine.policies import BANK, sale_payments
from auctionrules.engine.scoring import score_round
from auctionrules.engine.state import State

if TYPE_CHECKING:
    from auctionrules.engine.auctions.base import Settlement

#: A card code's artist index (``code // 5``) as a C-level callable, for ``map``.
_ARTIST_OF = (5).__rfloordiv__

#: Phases of the game loop.
LEAD, AUCTION, FLIPPING, OVER = range(4)


class RoundFlow(State):
    """A game's state with its transitions that are not decisions.

    A :class:`~auctionrules.engine.game.Game` holds one as :attr:`Game.state
    <auctionrules.engine.game.Game.state>` and drives it; the decisions generator
    (:mod:`.decisions`) calls the transitions, the auction types and the views
    read the fields (:class:`~auctionrules.engine.state.State`).
    """

    def begin(
        self,
        *,
        hands: list[list[int]],
        deck: list[int],
        cash: list[int],
        round_index: int,
        auctioneer: int,
        board: list[list[int]] | None,
        played: list[int] | None,
        owned: list[list[int]] | None,
    ) -> None:
        """Set up the position (the hands are the callers' fresh lists; the start
        keeps copies) and open the game: the deal's entry, the first lead."""
        rules, n = self.rules, self.n
        self.start = {"hands": [list(h) for h in hands], "deck": list(deck)}
        if board is not None or played or owned or round_index or auctioneer or cash != [
            rules.starting_cash
        ] * n:
            self.start["position"] = setup.position_dict(
                rules, cash=cash, board=board, round_index=round_index,
                auctioneer=auctioneer, played=played, owned=owned,
            )
        self.hands = hands
        self._index_hands()
        self.start_extra = list(played or ()) + [c for o in owned or () for c in o]
        self.deck = deck
        self.cash = tuple(cash)
        self.board = board or [[0] * rules.artists for _ in range(rules.rounds)]
        self.round = round_index
        self.counts = [0] * rules.artists
        self.table = list(played or ())
        self.owned = [list(o) for o in owned] if owned else [[] for _ in range(n)]
        for c in self.table:
            self.counts[c // 5] += 1
        for cards in self.owned:
            for c in cards:
                self.counts[c // 5] += 1
        self.discard = []
        self.phase = LEAD
        self.turn = auctioneer
        self.lot = None
        self.flipper = NOBODY
        self.resume = 0
        self.last_card_player = auctioneer
        self.last_auctioneer = auctioneer
        self.dummy_next = 0
        self.bank_in = self.bank_out = 0
        self.money_total = sum(cash)
        self.sales = []
        self.paintings = list(map(len, self.owned))
        self.outcome = None
        self._open(auctioneer)

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
