"""The decisions of a game, written once: who is asked what, and what the answer does.

:func:`decisions` is a generator that plays a game on from its current state,
decision after decision: a lead, a double's second card, a bid, a sealed bid, a
fixed price, a purchase, a dummy card. At each decision it asks the seat's
chooser, a :class:`~auctionrules.engine.agents.ChoiceAgent`, its plain question
(``pick(count)``, ``bid(span, optional)``, ``price(span)``); a seat without a
chooser (``None``) is asked by suspending: the generator yields what the seat may
do (a :class:`~auctionrules.engine.legal.Legal`, or for sealed bids the seats yet
to bid) and receives ``(seat, action)``.

That one writing serves every loop:

* the step API (:meth:`Game.apply <auctionrules.engine.Game.apply>`): no seat has a
  chooser; the game keeps the suspended generator and the decision it yielded
  (which is then what :meth:`Game.to_act` and :meth:`Game.legal` answer), checks
  an action against it and sends it in;
* random rollouts (:meth:`Game.playout <auctionrules.engine.Game.playout>` with
  choice agents): every seat has a chooser, so the generator never suspends and
  plays the game to its end in one run, no ``Legal`` built;
* a mixed game: choice agents are asked directly, any other agent suspends the
  generator at its own decisions only, where the playout hands it its view.

Every piece of progress is kept in the state (the phase, the lot's speaking
order and asker, the sealed bids...) before a decision is asked, so a generator
can be made afresh from any state: a clone, a pickle, a determinized game. The
rule choices are the compiled strategies'; the state changes that are not
decisions (a lead's consequences, a sale, a flip, a round end) are the round
flow's (:mod:`.flow`).

Every answer is logged here, each entry made by its constructor in
:mod:`auctionrules.engine.history` (the entry's shape written in one place):
those that name only a seat and a card (a lead, a pass, a purchase, an empty
fist) are made once and shared (:func:`~auctionrules.engine.history.round_entries`),
so the loop calls a constructor only for an amount. What an auction type works
out (the bids a sealed reveal opened) it returns, and it is logged here too, so
the auction types never write the history.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Final, Union

from auctionrules.engine import history as entry
from auctionrules.engine.actions import (
    BUY,
    FLIP,
    PASS,
    Action,
    Add,
    Bid,
    Buy,
    Flip,
    Limit,
    Price,
)
from auctionrules.engine.agents import ChoiceAgent
from auctionrules.engine.auctions import AUCTIONS as auctions  # noqa: N811 - a local-style name
from auctionrules.engine.auctions.bidding import SealedAuction, limit_span, next_in_order
from auctionrules.engine.auctions.double import DoubleAuction
from auctionrules.engine.auctions.fixed_price import FixedPriceAuction
from auctionrules.engine.cards import DOUBLE, FIXED_PRICE, OPEN, SEALED, auction_of
from auctionrules.engine.flow import (
    AUCTION,
    FLIPPING,
    LEAD,
    OVER,
    add_second,
    card_laid,
    flip_or_pass,
    no_bid,
    sell,
    settle,
    take_from_hand,
)
from auctionrules.engine.history import round_entries
from auctionrules.engine.legal import Legal, place_of, top_of
from auctionrules.engine.lot import NOBODY, Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: What a suspended generator waits for: one seat's legal moves, or the seats yet to
#: make a sealed bid (any of them may).
Pending = Union[Legal, tuple[int, ...]]  # noqa: UP007 - a runtime alias
#: What it receives: the seat and its action.
Answer = tuple[int, Action]
Decisions = Generator[Pending, Answer, None]

_PASS_ONLY: Final = (PASS,)
_BUY_OR_PASS: Final = (BUY, PASS)
_FLIP_OR_PASS: Final = (FLIP, PASS)


def sealed_legal(game: State, seat: int) -> Legal:
    """What ``seat`` may do in a sealed auction it has not bid in yet (in a re-bid
    after a tie, ``lot.high`` is the tied bid: a bid tops it)."""
    lot = game.lot
    return Legal(seat, _PASS_ONLY, game.bid_range(seat, lot.high if lot is not None else 0))


def decisions(  # noqa: PLR0915 - the game's decisions, in one place on purpose
    game: State, chooser: list[ChoiceAgent | None]
) -> Decisions:
    """Play ``game`` on, asking ``chooser[seat]`` (or, for ``None``, the caller: see
    the module docstring) at every decision, until the game is over."""
    rules = game.rules
    n, unit = game.n, game._unit
    # the history; the entries that name only a seat and a card are made once a round
    # (round_entries), the others (an amount is in them) one by one
    raw = game._raw
    tabled = 0  # (the round of the entries taken from round_entries: none yet)
    plays, adds, names = rules.plays, rules.adds, rules.codec.names
    companion_rule = rules.lead_requires_companion
    ending = rules.open_ending  # (who speaks next in an open auction)
    open_barred, once_barred = rules.open_auctioneer_barred, rules.once_auctioneer_barred
    raise_by = rules.minimum_raise  # (money.minimum_raise: a whole number of units)
    floor = game.bid_floor(0)  # the lowest bid (whole units, at least the minimum)
    while True:
        phase, number = game.phase, game.round + 1
        if number != tabled:  # (a new round, or the first decision asked)
            tabled = number
            pass_of, buy_of, empty_fist_of, play_of = round_entries(number, n, names)
        if phase == LEAD:  # the seat to lead lays a card
            seat = game.turn
            codes = game.leadable(seat) if companion_rule else game.distinct[seat]
            agent = chooser[seat]
            if agent is None:
                leads = tuple([plays[code] for code in codes])
                _, action = yield Legal(seat, leads)
                code = codes[place_of(action, leads)]  # (apply checked it is one of them)
            else:
                code = codes[agent.pick(len(codes))]
            # the card leaves the hand (and the index of distinct cards) and opens a lot
            take_from_hand(game, seat, code)
            raw.append(play_of[seat][code])
            game.lot = led = Lot(n, seat, code, auction_of(code))
            game.last_card_player = game.last_auctioneer = seat
            if not card_laid(game, seat, code):  # (else the card ended the round)
                game.phase = AUCTION
                settled = auctions[led.kind].start(game, led)
                if settled is not None:  # (nobody may bid, a broke auctioneer keeps it)
                    settle(game, led, settled)
            if game.phase != AUCTION:
                continue
            # (on to the auction at once)
        elif phase == FLIPPING:  # the flipper may turn over a dummy card
            seat = game.flipper
            agent = chooser[seat]
            if agent is None:
                _, action = yield Legal(seat, _FLIP_OR_PASS)
                flip = type(action) is Flip
            else:
                flip = agent.pick(2) == 0
            flip_or_pass(game, seat, flip)
            continue
        elif phase == OVER:
            return
        # AUCTION: the lot under the hammer, from wherever it stands
        lot = game.lot
        assert lot is not None
        kind, cash = lot.kind, game.cash
        if kind == DOUBLE:  # each in turn may add a second card of the artist
            first = lot.cards[0]
            while True:
                seat = lot.asker
                companions = game.companions(seat, first)
                must_add = companion_rule and DoubleAuction.must_add(game, lot, seat)
                agent = chooser[seat]
                second = None
                if agent is None:
                    offer = tuple([adds[code] for code in companions])
                    _, action = yield Legal(seat, offer if must_add else (*offer, PASS))
                    if type(action) is Add:  # (apply checked it is one of them)
                        second = companions[place_of(action, offer)]
                else:
                    index = agent.pick(len(companions) + (not must_add))
                    if index < len(companions):
                        second = companions[index]
                if second is not None:  # the lot goes on as the second card's type
                    add_second(game, lot, seat, second)
                    break
                raw.append(pass_of[seat])
                if not lot.ask_next():
                    settle(game, lot, DoubleAuction.nobody_adds(game, lot))
                    break
        elif kind == SEALED:  # every seat bids once, in secret, in any order
            sealed = lot.sealed
            # (a re-bid after a tie, sealed.ties: a bid tops the tied one, lot.high, and
            # an empty fist keeps it)
            kept = lot.high
            lo = floor if kept == 0 else game.bid_floor(kept)
            for seat in range(n):  # (a seat asked by suspending may be answered for another)
                while sealed[seat] is None:
                    agent = chooser[seat]
                    if agent is None:
                        who, action = yield tuple([s for s in range(n) if sealed[s] is None])
                        amount = action.amount if type(action) is Bid else None
                    else:
                        who, money = seat, cash[seat]
                        if money >= lo:
                            amount = agent.bid((lo, top_of(lo, money, unit), unit), True)
                        else:  # only pass is legal: asked as ChoiceAgent.act would ask
                            agent.pick(1)
                            amount = None
                    sealed[who] = amount or kept
                    # (the entry keeps the amount for the action log; the event hides it)
                    if amount is None:
                        raw.append(empty_fist_of[who])
                    else:
                        raw.append(entry.sealed_bid(number, who, amount))
            opened, settled = SealedAuction.reveal(game, lot)
            raw.append(entry.reveal(number, opened))
            if settled is not None:  # (else a re-bid: the loop comes back to the tied seats)
                settle(game, lot, settled)
        elif kind == FIXED_PRICE:  # the auctioneer names a price; the others may buy
            if lot.price < 0:
                seat = lot.auctioneer
                span = game.price_range(seat)
                assert span is not None  # (a broke auctioneer kept the lot at the start)
                agent = chooser[seat]
                if agent is None:
                    _, action = yield Legal(seat, (), price=span)
                    assert type(action) is Price  # (apply checked it against the Legal)
                    price = action.amount
                else:
                    price = agent.price(span)
                raw.append(entry.price(number, seat, price))
                FixedPriceAuction.name_price(game, lot, price)
            price = lot.price
            while True:
                seat = lot.asker
                affords = cash[seat] >= price
                agent = chooser[seat]
                if agent is None:
                    _, action = yield Legal(seat, _BUY_OR_PASS if affords else _PASS_ONLY)
                    buys = type(action) is Buy
                elif affords:
                    buys = agent.pick(2) == 0
                else:  # only pass is legal: asked as ChoiceAgent.act would ask
                    agent.pick(1)
                    buys = False
                if buys:
                    raw.append(buy_of[seat])
                    sell(game, lot, seat, price)
                    break
                raw.append(pass_of[seat])
                if not lot.ask_next():
                    settle(game, lot, FixedPriceAuction.nobody_buys(game, lot))
                    break
        else:  # open or once around: a standing bid raised or passed, turn after turn
            in_order = kind != OPEN  # (once around: each seat speaks once, in order)
            barred = lot.auctioneer if (once_barred if in_order else open_barred) else NOBODY
            lo = floor if lot.high == 0 else game.bid_floor(lot.high)
            bids = lot.bids
            limits = lot.limits  # (empty while nobody said a limit in this lot)
            seat = lot.asker
            while True:
                # an auctioneer barred from bidding on their own lot only passes
                money = cash[seat] if seat != barred else -1
                cap = limits[seat] if limits else None
                automatic = cap is not None
                if cap is not None:  # the seat is not asked: the engine answers on its limit
                    amount = on_limit(lot, seat, lo, cap)
                else:
                    agent = chooser[seat]
                    if agent is None:
                        if money >= lo:
                            span = (lo, top_of(lo, money, unit), unit)
                            legal = Legal(
                                seat, _PASS_ONLY, span, None,
                                limit_span(span) if kind == OPEN else None,
                            )
                        else:
                            legal = Legal(seat, _PASS_ONLY)
                        _, action = yield legal
                        if type(action) is Bid:
                            amount = action.amount
                        elif type(action) is Limit:  # said once; the engine answers at once
                            said = action.amount
                            if not limits:
                                lot.limits = limits = [None] * n
                            limits[seat] = said
                            raw.append(entry.limit(number, seat, said, said < lo))
                            amount = on_limit(lot, seat, lo, said)
                            automatic = True
                        else:
                            amount = None
                    elif money >= lo:
                        amount = agent.bid((lo, top_of(lo, money, unit), unit), True)
                    else:  # only pass is legal: asked as ChoiceAgent.act would ask
                        agent.pick(1)
                        amount = None
                if amount is not None:
                    lot.high, lot.high_bidder = amount, seat
                    bids.append((seat, amount))
                    if automatic:
                        raw.append(entry.automatic_bid(number, seat, amount))
                    else:
                        raw.append(entry.bid(number, seat, amount))
                    lo = amount + raise_by  # = bid_floor(amount): whole units, >= minimum
                    nxt = next_in_order(lot, seat) if in_order else ending.after_bid(lot, seat)
                else:
                    if automatic:
                        raw.append(entry.automatic_pass(number, seat))
                    else:
                        raw.append(pass_of[seat])
                    nxt = next_in_order(lot, seat) if in_order else ending.after_pass(lot, seat)
                if nxt is None:
                    if lot.high_bidder == NOBODY:
                        no_bid(game, lot)
                    else:
                        sell(game, lot, lot.high_bidder, lot.high)
                    break
                lot.asker = seat = nxt


def on_limit(lot: Lot, seat: int, lo: int, limit: int) -> int | None:
    """The engine's answer for ``seat`` on its ``limit`` when the lowest bid is ``lo``:
    a pass (``None``) while it holds the high bid, else ``lo`` if that is within the
    limit, else a pass. (A limit is at most what the seat may bid, and its money does
    not change while the lot is under the hammer, so ``lo`` within it is affordable.)"""
    if lot.high_bidder == seat or lo > limit:
        return None
    return lo
