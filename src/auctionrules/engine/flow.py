"""The flow of a round: laying cards, settling lots, dummy cards, scoring, next round.

The transitions that are not decisions, as functions of a game's
:class:`~auctionrules.engine.state.State`: what a lead, a sale, a flip and a
round end do to it. The state is a plain value (its fields, and the rules'
questions about them); everything that changes it is here or in
:mod:`.decisions` (who is asked what, and what the answer does), which calls
these functions (:func:`settle`, :func:`place_second`...). A
:class:`~auctionrules.engine.game.Game` holds the state (``game.state``) and is
the public step API over it. The auction types read the state and change only
their lot: where one settles its lot (nobody bid, nobody bought, a broke
auctioneer...) it returns a
:class:`~auctionrules.engine.auctions.base.Settlement` that :func:`settle`
carries out. Nothing here checks legality: :class:`Game` does that first.

The flow and the decisions are the history's only writers, each entry made by
its constructor in :mod:`auctionrules.engine.history`: the decisions log the
actions, the flow what follows from them (a sale, a flip, a round's end and
score, a deal, the game's end), so whatever changes the state also says so in
the log, in the order it happened.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import add
from typing import TYPE_CHECKING, Final

from auctionrules.engine import history as entry
from auctionrules.engine import position
from auctionrules.engine.cards import artist_of, auction_of
from auctionrules.engine.dummy import choose
from auctionrules.engine.lot import NOBODY, SETTLED, Lot
from auctionrules.engine.outcome import Outcome, Reason, winners
from auctionrules.engine.policies import BANK, sale_payments
from auctionrules.engine.rules import MOST_PAINTINGS, MOST_PURCHASES, round_ends
from auctionrules.engine.scoring import score_round
from auctionrules.engine.seats import from_seat, left_of
from auctionrules.engine.state import State

if TYPE_CHECKING:
    from auctionrules.engine.auctions.base import Settlement

#: Phases of the game loop.
LEAD: Final = 0
AUCTION: Final = 1
FLIPPING: Final = 2
OVER: Final = 3


def begin(
    state: State,
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
    rules, n = state.rules, state.n
    state.start = {"hands": [list(h) for h in hands], "deck": list(deck)}
    if board is not None or played or owned or round_index or auctioneer or cash != [
        rules.starting_cash
    ] * n:
        state.start["position"] = position.position_dict(
            rules, cash=cash, board=board, round_index=round_index,
            auctioneer=auctioneer, played=played, owned=owned,
        )
    state.hands = hands
    index_hands(state)
    state.start_extra = list(played or ()) + [c for o in owned or () for c in o]
    state.deck = deck
    state.cash = tuple(cash)
    state.board = board or [[0] * rules.artists for _ in range(rules.rounds)]
    state.round = round_index
    counts = [0] * rules.artists
    for c in played or ():
        counts[artist_of(c)] += 1
    for cards in owned or ():
        for c in cards:
            counts[artist_of(c)] += 1
    state.counts = tuple(counts)
    state.table = tuple(played or ())
    state.owned = tuple([tuple(o) for o in owned]) if owned else ((),) * n
    state.discard = []
    state.phase = LEAD
    state.turn = auctioneer
    state.lot = None
    state.flipper = NOBODY
    state.resume = 0
    state.last_card_player = auctioneer
    state.last_auctioneer = auctioneer
    state.dummy_next = 0
    state.bank_in = state.bank_out = 0
    state.money_total = sum(cash)
    state.sales = ()
    state.paintings = tuple([len(cards) for cards in state.owned])
    state.outcome = None
    _open(state, auctioneer)


def index_hands(state: State) -> None:
    """Rebuild :attr:`distinct` after cards were dealt."""
    state.distinct = [sorted(set(hand)) for hand in state.hands[: state.n]]


def take_from_hand(state: State, seat: int, code: int) -> list[int]:
    """Remove one ``code`` from ``seat``'s hand, keeping :attr:`distinct`; the hand."""
    hand = state.hands[seat]
    hand.remove(code)
    if code not in hand:
        state.distinct[seat].remove(code)
    return hand


def _open(state: State, leader: int) -> None:
    """The game begins from its dealt position: the ``deal`` entry (the cards each
    hand holds), then the first lead from ``leader``."""
    state._raw.append(entry.deal(state.round + 1, list(map(len, state.hands)), len(state.deck)))
    _lead_from(state, leader)


def _lead_from(state: State, start: int) -> None:
    if state.hands[start] and not state._companion_rule:  # the usual case, first
        state.phase, state.turn = LEAD, start
        return
    for seat in from_seat(start, state.n):
        if state.hands[seat] and (not state._companion_rule or state.leadable(seat)):
            state.phase, state.turn = LEAD, seat
            return
    # Nobody can lead: every hand is empty, or (under the companion rule) holds only
    # doubles without a companion. Only the first is the rulebooks' early end of the
    # game; in the second the players still hold cards, so the game goes on.
    end_round(state, exhausted=exhausted(state), stuck=True)


def exhausted(state: State) -> bool:
    """Whether every player's hand is empty (the dummy hands do not count)."""
    return not any(state.hands[: state.n])


def place(state: State, code: int) -> bool:
    """Count a card laid on the table; ``True`` if it ends the round."""
    artist = artist_of(code)
    counts = list(state.counts)
    counts[artist] += 1
    state.counts = tuple(counts)
    return round_ends(counts[artist], state._artist_cards)


def place_second(state: State, lot: Lot, seat: int, code: int) -> bool:
    """``seat`` adds ``code`` to the double ``lot``: ``True`` if the lot goes on as
    the second card's type (``lot.kind``; the decisions open its auction), ``False``
    if the card ended the round."""
    take_from_hand(state, seat, code)
    lot.cards.append(code)
    lot.adder = seat
    state._raw.append(entry.add(state.round + 1, seat, state._names[code]))
    state.last_card_player = seat
    if state.rules.adder_auctions:
        lot.auctioneer = seat
    state.last_auctioneer = lot.auctioneer
    if card_laid(state, seat, code):
        return False
    lot.kind = state._played_as[auction_of(code)]
    return True


def card_laid(state: State, seat: int, code: int) -> bool:
    """Count ``code``, just laid from ``seat``'s hand into the lot; if it ends the
    round, end it: ``True``. It ends the round when it makes its artist's
    round-ending count (unless ``round_end.ending_card`` is sold: the lot is then
    auctioned first, see :func:`_settled`), or when it was the last card of every
    hand (unless the last card is sold)."""
    rules = state.rules
    ends = place(state, code)
    if ends and not rules.ending_card_sold:  # not auctioned: the round ends
        end_round(state, exhausted=False, artist=artist_of(code))
        return True
    # (the player's own hand is the cheap first test of "every hand is empty")
    if not (ends or state.hands[seat] or rules.last_card_sold) and exhausted(state):
        end_round(state, exhausted=True)
        return True
    return False


def sell(state: State, lot: Lot, winner: int, price: int) -> None:
    """``winner`` pays ``price`` for the lot, to the payees the rules name; then
    what follows a settled lot."""
    cash = list(state.cash)
    cash[winner] -= price
    payments = sale_payments(state._payee, lot, winner, price)
    for to, amount in payments:
        if to == BANK:
            state.bank_in += amount
        else:
            cash[to] += amount
    state.cash = tuple(cash)
    _acquire(state, winner, lot.cards)
    state.sales = (*state.sales, (state.round + 1, winner, price))
    state._raw.append(entry.sold(
        state.round + 1, state._names, winner, price, lot.cards, lot.auctioneer, payments
    ))
    _settled(state, lot, winner)


def _acquire(state: State, seat: int, cards: list[int]) -> None:
    """``seat`` comes to own ``cards`` (bought or taken free): its owned cards and its
    paintings, each a tuple replaced (the views share them)."""
    owned = list(state.owned)
    owned[seat] = (*owned[seat], *cards)
    state.owned = tuple(owned)
    paintings = list(state.paintings)
    paintings[seat] += len(cards)
    state.paintings = tuple(paintings)


def take_free(state: State, lot: Lot, seat: int) -> None:
    """``seat`` takes the lot without paying (nobody bid, nobody added...)."""
    _acquire(state, seat, lot.cards)
    cards = [state._names[code] for code in lot.cards]
    state._raw.append(entry.taken_free(state.round + 1, seat, cards, lot.auctioneer))
    _settled(state, lot, seat)


def leave_unsold(state: State, lot: Lot) -> None:
    """The lot stays on the table, unowned; it still counts for the ranking."""
    state.table = (*state.table, *lot.cards)
    cards = [state._names[code] for code in lot.cards]
    state._raw.append(entry.unsold(state.round + 1, cards))
    _settled(state, lot, NOBODY)


def settle(state: State, lot: Lot, settlement: Settlement) -> None:
    """Carry out what an auction type says becomes of its lot."""
    kind = settlement.kind
    if kind == "sold":
        sell(state, lot, settlement.seat, settlement.price)
    elif kind == "free":
        take_free(state, lot, settlement.seat)
    elif kind == "unsold":
        leave_unsold(state, lot)
    else:
        no_bid(state, lot)


def no_bid(state: State, lot: Lot) -> None:
    """Nobody bid: the ``no_bid`` strategy names the taker."""
    taker = state.rules.no_bid.taker(lot)
    if taker == NOBODY:
        leave_unsold(state, lot)
    else:
        take_free(state, lot, taker)


def _settled(state: State, lot: Lot, taker: int) -> None:
    lot.stage = SETTLED
    state.lot = None
    state.last_auctioneer = lot.auctioneer
    # (the usual case, first)
    if not state._dummies and not state._last_card_sold and not state._ending_card_sold:
        resume = left_of(lot.auctioneer, state.n)
        if state.hands[resume] and not state._companion_rule:
            state.phase, state.turn = LEAD, resume
        else:
            _lead_from(state, resume)
        return
    rules = state.rules
    if rules.ending_card_sold:  # the lot of the card that ended the round is settled
        artist = state.counts.index(max(state.counts))
        if rules.ends_round(state.counts[artist]):
            end_round(state, exhausted=False, artist=artist)
            return
    if rules.last_card_sold and exhausted(state):
        end_round(state, exhausted=True)
        return
    resume = left_of(lot.auctioneer, state.n)
    if rules.dummies and any(state.hands[state.n :]):
        decision = rules.flip_when.after_lot(lot, taker)
        if decision is not None:
            flipper, automatic = decision
            if automatic:
                if _flip(state, flipper):
                    return
            else:
                state.phase, state.flipper, state.resume = FLIPPING, flipper, resume
                return
    _lead_from(state, resume)


def flip_or_pass(state: State, seat: int, flip: bool) -> None:
    """The flipper's decision: turn over a dummy card, or not; then the lead."""
    resume = state.resume
    if flip:
        if _flip(state, seat, chosen=True):
            return
    else:
        state._raw.append(entry.pass_(state.round + 1, seat))
    _lead_from(state, resume)


def _flip(state: State, flipper: int, chosen: bool = False) -> bool:
    """Turn over a dummy card (``chosen``: by ``flipper``'s action, not automatically);
    ``True`` if it ended the round."""
    hand_index, card_index, state.dummy_next = choose(state)
    hand = state.hands[state.n + hand_index]
    code = hand.pop(card_index)
    state.table = (*state.table, code)
    name = state._names[code]
    if chosen:  # the action's compact entry, which the action log reads back
        state._raw.append(entry.flip(state.round + 1, flipper, hand_index, name))
    else:
        state._raw.append(entry.dummy_flip(state.round + 1, flipper, hand_index, name))
    state.last_card_player = (
        flipper if state.rules.dummy_laid_by_flipper else state.last_auctioneer
    )
    if place(state, code):
        end_round(state, exhausted=False, artist=artist_of(code))
        return True
    return False


def end_round(
    state: State, exhausted: bool, artist: int | None = None, stuck: bool = False
) -> None:
    """Score the round; then the next round or the end of the game.

    ``exhausted``: every player's hand is empty (``round_end.hands_exhausted``);
    ``stuck``: no player can lead although some still hold cards (only doubles
    without a companion under ``lead_requires_companion``); the round ends and,
    the hands not being exhausted, the game goes on to the next round.
    """
    rules, codec = state.rules, state.rules.codec
    unsold: list[int] = []
    if state.lot is not None:
        unsold = state.lot.cards
        state.table = (*state.table, *unsold)
        state.lot = None
    ids = codec.artist_ids
    reason = "hands-exhausted" if exhausted else "no-playable-card" if stuck else "artist-cards"
    # (state.counts is replaced, never changed, below; the lot's cards list is dropped)
    state._raw.append(entry.round_end(
        state.round + 1, ids, reason, artist, state.counts, state._names, unsold
    ))
    # the artist of each card each seat owns (loops: cheaper than comprehensions on
    # CPython 3.11, which makes each one a function call)
    owned = []
    for cards in state.owned:
        artists = []
        for code in cards:
            artists.append(artist_of(code))
        owned.append(artists)
    score = score_round(
        counts=state.counts,
        owned=owned,
        board=state.board,
        round_index=state.round,
        ranking=rules.ranking,
        rank_unplayed=rules.rank_unplayed,
        tie_break=rules.ranking_tie_break,
        valuation=rules.valuation,
    )
    state.cash = tuple(map(add, state.cash, score.payouts))
    state.bank_out += sum(score.payouts)
    state._raw.append(entry.scored(
        state.round + 1, ids, score.ranked, score.added, state.board, state.round,
        score.values, score.payouts,
    ))
    for cards in state.owned:
        state.discard.extend(cards)
    state.owned = ((),) * state.n
    state.discard.extend(state.table)
    state.table = ()
    state.counts = (0,) * rules.artists
    if exhausted and not rules.exhausted_next_round:
        _finish(state, Reason.HANDS_EXHAUSTED)
        return
    if stuck and not exhausted and rules.stuck_ends_game:
        _finish(state, Reason.NO_PLAYABLE_CARD)
        return
    if state.round + 1 >= rules.rounds:
        _finish(state, Reason.HANDS_EXHAUSTED if exhausted else Reason.ROUNDS_COMPLETE)
        return
    state.round += 1
    per = rules.hand_deal[state.round]
    dealt = []
    n, deck, distinct = state.n, state.deck, state.distinct
    for index, hand in enumerate(state.hands):
        take = deck[:per]
        del deck[:per]
        hand.extend(take)
        dealt.append(len(take))
        if index < n:  # (a player's index of distinct cards takes the new ones in)
            known = distinct[index]
            for code in take:
                at = bisect_left(known, code)
                if at == len(known) or known[at] != code:
                    known.insert(at, code)
    state._raw.append(entry.deal(state.round + 1, dealt, len(state.deck)))
    _lead_from(state, rules.starter.starter(state.last_card_player, state.last_auctioneer, state.n))


def _finish(state: State, reason: Reason) -> None:
    cash = state.cash
    rules = state.rules
    tie_break = rules.winner_tie_break
    sales = state.sales if tie_break == MOST_PURCHASES else None
    paintings = state.paintings if tie_break == MOST_PAINTINGS else None
    state.outcome = Outcome(
        reason,
        cash,
        winners(cash, rules.ties_shared, sales, paintings),
        tuple(tuple(r) for r in state.board),
        state.round + 1,
    )
    state.phase = OVER
    state._raw.append(
        entry.game_end(state.round + 1, reason.value, list(cash), list(state.outcome.winners))
    )
