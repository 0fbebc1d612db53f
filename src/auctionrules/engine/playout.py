"""Playing a game to its end with agents: the loop behind :meth:`Game.playout`.

With agents that decide from the shape of the legal moves alone
(:class:`~auctionrules.engine.agents.ChoiceAgent`, such as
:class:`~auctionrules.engine.agents.RandomAgent`) the loop skips building the
questions: it asks the agents with plain numbers (how many cards one may lead,
which bid range) and makes the state changes :meth:`Game.step` would make. That
is the fast path of random rollouts, for search and learning agents that play
thousands of games. Any other agent sits in the same loop: at each of its
decisions it is handed its view and its legal moves (the state is then the
step path's, to the byte), its action is checked and answers the plain question.
A game with one such seat costs that seat's decisions, not a slower loop; no
agent is ever handed the game.

The fast path is the round flow written a second time, as one loop over the lots
of a round: lead, auction, settle, next lead. The step-by-step path answers one
action at a time and must find its place again at every step (the phase, the
lot's auction type, its speaking order); here that place is the loop's own, and
what the lots read is fetched once a round. The mechanics are thus written twice
(each piece names the step-path code it mirrors); the rules are not: every rule
choice is made by the same compiled strategies (open-auction ending, sealed
tie-break, payee, no-bid, valuation, ranking, next starter, dummy cards), and
whatever is rare (a double's second card, a lot nobody bought, a dummy card, a
round end) goes through the game's own methods. ``tests/engine/
test_fast_paths.py`` holds the two paths to the same game, action for action and
byte for byte, for every bundled variant with and without its modules and for a
variant that sets every option no edition uses; ``tests/reliability/
test_custom_strategies.py`` does so with custom strategies on every axis.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from auctionrules.engine.actions import FLIP, PASS, Action, Bid, Price
from auctionrules.engine.agents import Agent, ChoiceAgent, Span, plays_by_choice
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.auctions.base import Sale
from auctionrules.engine.auctions.bidding import (
    OnceAround,
    SealedAuction,
    Successor,
    next_in_order,
)
from auctionrules.engine.auctions.double import DoubleAuction
from auctionrules.engine.auctions.fixed_price import FixedPriceAuction
from auctionrules.engine.cards import DOUBLE, FIXED_PRICE, ONCE_AROUND, OPEN, SEALED
from auctionrules.engine.flow import AUCTION, FLIPPING, LEAD
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import NOBODY, Lot

if TYPE_CHECKING:
    from auctionrules.engine.game import Game

_FLIP_OR_PASS = (FLIP, PASS)


def playout(game: Game, agents: Sequence[Agent]) -> None:
    """Play ``game`` to its end, ``agents[seat]`` choosing for each seat."""
    if len(agents) != game.n:
        raise ValueError(f"{len(agents)} agents for {game.n} seats: give one per seat")
    chooser: list[ChoiceAgent] = []
    for seat, agent in enumerate(agents):
        chooser.append(agent if isinstance(agent, ChoiceAgent) and plays_by_choice((agent,))
                       else _Asking(agent, game, seat))
    # An auction under way (a playout taking over mid-lot) ends step by step: a choice
    # agent's act asks itself the same questions, so the draws are the same.
    to_act, legal, step = game.to_act, game.legal, game.step
    while game.phase == AUCTION:
        seat = to_act()[0]
        step(chooser[seat].act(None, legal(seat)), seat)
    game._acting = game._legal = None
    while True:
        phase = game.phase
        if phase == LEAD:
            _lots(game, chooser)
        elif phase == FLIPPING:  # the flipper may turn over a dummy card
            seat = game.flipper
            game._do(seat, _FLIP_OR_PASS[chooser[seat].pick(2)])
        else:
            game._acting = game._legal = None
            return


class _Asking(ChoiceAgent):
    """Any agent in a playout: at each of its decisions it is handed its view and
    the legal moves (the state is then exactly the step path's), and its action
    is checked and turned into the answer of the plain question asked. So one
    seat with its own agent costs that seat's decisions, not a slower game."""

    __slots__ = ("agent", "game", "seat")

    def __init__(self, agent: Agent, game: Game, seat: int) -> None:
        self.agent, self.game, self.seat = agent, game, seat

    def _ask(self) -> tuple[Action, Legal]:
        game, seat = self.game, self.seat
        game._acting = game._legal = None
        legal = game.legal(seat)
        action = self.agent.act(game.view(seat), legal)
        if action not in legal:
            game._refuse(action, seat)
        game._acting = game._legal = None
        return action, legal

    def pick(self, count: int) -> int:
        action, legal = self._ask()
        return legal.actions.index(action)

    def bid(self, span: Span, optional: bool) -> int | None:
        action, _ = self._ask()
        return action.amount if isinstance(action, Bid) else None

    def price(self, span: Span) -> int:
        action, _ = self._ask()
        assert isinstance(action, Price)
        return action.amount


def _lots(game: Game, agents: list[ChoiceAgent]) -> None:  # noqa: PLR0915 - one loop, on purpose
    """Lead, auction and settle lot after lot until the round ends or the game leaves
    the lead phase (a dummy card to decide on, the end of the game)."""
    rules, n, hands, cash, raw = game.rules, game.n, game.hands, game.cash, game._raw
    round_index, counts, distinct, pay = game.round, game.counts, game.distinct, game.pay
    names, artist_cards, last_card_sold = game._names, rules.artist_cards, rules.last_card_sold
    number, unit, floor = round_index + 1, game._unit, game.bid_floor(0)
    once_around = AUCTIONS[ONCE_AROUND]
    assert isinstance(once_around, OnceAround)
    ending = rules.open_ending
    first, after_bid, after_pass = ending.first, ending.after_bid, ending.after_pass
    companion_rule = rules.lead_requires_companion
    # After a sale the next seat leads, unless a dummy card may be turned over or the
    # last card sold ends the round: then RoundFlow._settled decides.
    plain_settle = not rules.dummies and not last_card_sold
    seat = game.turn
    while True:  # (the loop leaves when the round ends or the game leaves the lead phase)
        codes = game.leadable(seat) if companion_rule else distinct[seat]
        code = codes[agents[seat].pick(len(codes))]
        # RoundFlow._lead up to the auction, written out (as calls, it and its two
        # helpers were a twentieth of a random game)
        hand = hands[seat]
        hand.remove(code)
        if code not in hand:
            distinct[seat].remove(code)
        raw.append(("play", number, seat, names[code]))
        game.lot = lot = Lot(n, seat, code, code % 5)
        game.last_card_player = game.last_auctioneer = seat
        artist = code // 5
        counts[artist] += 1
        if counts[artist] >= artist_cards:
            game._end_round(exhausted=False, artist=artist)
            return
        if not hand and not last_card_sold and game._exhausted():
            game._end_round(exhausted=True)
            return
        game.phase = AUCTION
        kind = lot.kind
        if kind == DOUBLE and not _double(game, lot, agents, raw, number):
            # nobody added, or the second card ended the round
            if game.phase != LEAD or game.round != round_index:
                return
            seat = game.turn
            continue
        # the auction (the lot's type may be the double's second card's)
        kind, auctioneer = lot.kind, lot.auctioneer
        if kind == OPEN:
            sale = _bidding(lot, agents, cash, raw, number, unit, floor,
                            first(lot), after_bid, after_pass)
        elif kind == ONCE_AROUND:
            sale = _bidding(lot, agents, cash, raw, number, unit, floor,
                            once_around.opening(game, lot), next_in_order, next_in_order)
        elif kind == SEALED:
            sale = _sealed(game, lot, agents, cash, raw, number, unit, floor)
        else:
            assert kind == FIXED_PRICE
            sale = _fixed(game, lot, agents, cash, raw, number)
        if sale is None:
            if game.lot is lot:  # (else a broke auctioneer kept it, or took it free)
                game.no_bid(lot)
            if game.phase != LEAD or game.round != round_index:
                return
            seat = game.turn
            continue
        # RoundFlow.sell, with its _settled and _lead_from for the usual case written out
        winner, price = sale
        pay(lot, winner, price)
        cash = game.cash  # (a new tuple after every payment)
        if plain_settle:
            game.lot = None
            game.last_auctioneer = auctioneer
            seat = (auctioneer + 1) % n
            if hands[seat] and not companion_rule:
                game.phase, game.turn = LEAD, seat
                continue
            game._lead_from(seat)
        else:
            game._settled(lot, winner)
        if game.phase != LEAD or game.round != round_index:
            return
        seat = game.turn


def _double(game: Game, lot: Lot, agents: list[ChoiceAgent], raw: list[Any], number: int) -> bool:
    """DoubleAuction, adding the second card: ``True`` if the lot goes on as its type."""
    AUCTIONS[DOUBLE].start(game, lot)  # (who may add, in which order)
    order, first, distinct = lot.order, lot.cards[0], game.distinct
    low = first // 5 * 5
    may_pass = not game.rules.lead_requires_companion  # (the leader, asked first, must add)
    for pos, seat in enumerate(order):
        lot.pos, lot.asker = pos, seat
        # legal: add any companion in hand (as RoundFlow.companions), or pass
        held = distinct[seat]
        companions = held[bisect_left(held, low) : bisect_left(held, low + DOUBLE)]
        index = agents[seat].pick(len(companions) + (may_pass or pos > 0))
        if index < len(companions):
            return game.place_second(lot, seat, companions[index])
        raw.append(("pass", number, seat))
    lot.pos = len(order)
    DoubleAuction.nobody_adds(game, lot)
    return False


def _bidding(  # noqa: PLR0917 - the round's values come in, not looked up per lot
    lot: Lot, agents: list[ChoiceAgent], cash: tuple[int, ...], raw: list[Any], number: int,
    unit: int, lo: int, seat: int | None, after_bid: Successor, after_pass: Successor,
) -> Sale | None:
    """An open or once-around auction from ``seat`` (as _Bidding.apply, turn after
    turn): the sale, or ``None`` if nobody bid. The hottest loop of a random game."""
    bids = lot.bids
    while seat is not None:
        lot.asker = seat
        money = cash[seat]
        # legal: pass, or bid from lo to the cash in whole units (as bid_range)
        if money >= lo and (
            amount := agents[seat].bid((lo, money - (money - lo) % unit, unit), True)
        ) is not None:
            lot.high, lot.high_bidder = amount, seat
            bids.append((seat, amount))
            raw.append(("bid", number, seat, amount))
            lo = amount + unit  # = bid_floor(amount): a bid is whole units, >= minimum
            seat = after_bid(lot, seat)
        else:
            if money < lo:  # only pass is legal: asked as ChoiceAgent.act would ask
                agents[seat].pick(1)
            raw.append(("pass", number, seat))
            seat = after_pass(lot, seat)
    return None if lot.high_bidder == NOBODY else (lot.high_bidder, lot.high)


def _sealed(  # noqa: PLR0917 - the round's values come in, not looked up per lot
    game: Game, lot: Lot, agents: list[ChoiceAgent], cash: tuple[int, ...], raw: list[Any],
    number: int, unit: int, lo: int,
) -> Sale | None:
    """A sealed auction (as SealedAuction.apply for every seat, then reveal): the sale,
    or ``None`` if nobody bid."""
    n = lot.n
    sealed: list[int | None] = [None] * n
    lot.sealed = sealed
    for seat in range(n):  # (to_act()[0] is the first seat yet to bid)
        money = cash[seat]
        if money >= lo:
            amount = agents[seat].bid((lo, money - (money - lo) % unit, unit), True)
        else:  # only pass is legal: asked as ChoiceAgent.act would ask
            agents[seat].pick(1)
            amount = None
        sealed[seat] = amount or 0
        raw.append(("sealed-bid", number, seat, amount))
    return SealedAuction.reveal(game, lot)


def _fixed(  # noqa: PLR0917 - the round's values come in, not looked up per lot
    game: Game, lot: Lot, agents: list[ChoiceAgent], cash: tuple[int, ...], raw: list[Any],
    number: int,
) -> Sale | None:
    """A fixed-price auction (as FixedPriceAuction.start and apply): the sale, or
    ``None`` when the lot was settled otherwise (``game.lot`` is then not ``lot``)."""
    auctioneer = lot.auctioneer
    lot.price, lot.asker = -1, auctioneer  # (as FixedPriceAuction.start: no price yet)
    span = game.price_range(auctioneer)
    if span is None:  # a broke auctioneer keeps the lot
        game.take_free(lot, auctioneer)
        return None
    FixedPriceAuction.name_price(game, lot, auctioneer, agents[auctioneer].price(span))
    price, order = lot.price, lot.order
    for pos, seat in enumerate(order):
        lot.pos, lot.asker = pos, seat
        # legal: buy or pass if the cash reaches the price, else pass
        if cash[seat] >= price:
            if agents[seat].pick(2) == 0:
                raw.append(("buy", number, seat))
                return seat, price
        else:  # only pass is legal: asked as ChoiceAgent.act would ask
            agents[seat].pick(1)
        raw.append(("pass", number, seat))
    lot.pos = len(order)
    return FixedPriceAuction.nobody_buys(game, lot)
