"""The decisions of a game, written once: who is asked what, and what the answer does.

:func:`decisions` is a generator that plays a game on from its current state,
decision after decision: a lead, a double's second card, a bid, a sealed bid, a
fixed price, a purchase, a dummy card. At each decision it asks the seat's
chooser, a :class:`~auctionrules.engine.agents.ChoiceAgent`, its plain question
(``pick(count)``, ``bid(span, optional)``, ``price(span)``); a seat without a
chooser (``None``) is asked by suspending: the generator yields what the seat may
do (a :class:`~auctionrules.engine.legal.Legal`, or for sealed bids the seats yet
to bid) and receives ``(seat, action)``. It reads the phase and, in an auction,
the lot's type, and delegates the step to one generator each (``yield from``):
:func:`lead`, :func:`flip`, :func:`offer_second`, :func:`sealed_bids`,
:func:`fixed_price`, :func:`bidding`; what they all read is one :class:`Asking`.

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
from auctionrules.engine.auctions.bidding import (
    SealedAuction,
    next_in_order,
    only_limits_raise,
)
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
from auctionrules.engine.history import PerSeat, round_entries
from auctionrules.engine.legal import Legal, place_of
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.money import Bidding

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


class Asking:
    """What every decision of one generator reads: the state, who answers for each
    seat, the history, the rule values asked at every lot, and the current round's
    shared entries (:func:`~auctionrules.engine.history.round_entries`)."""

    __slots__ = (
        "adds", "bidding", "buy_of", "chooser", "companion_rule", "empty_fist_of", "ending",
        "floor", "game", "n", "number", "once_barred", "open_barred", "pass_of", "play_of",
        "plays", "raise_by", "raw", "unit",
    )

    def __init__(self, game: State, chooser: list[ChoiceAgent | None]) -> None:
        rules = game.rules
        self.game = game
        self.chooser = chooser
        self.raw = game._raw
        self.n, self.unit = game.n, rules.unit
        self.bidding = rules.bidding
        self.plays, self.adds = rules.plays, rules.adds
        self.companion_rule = rules.lead_requires_companion
        self.ending = rules.open_ending  # (who speaks next in an open auction)
        self.open_barred = rules.open_auctioneer_barred
        self.once_barred = rules.once_auctioneer_barred
        self.raise_by = rules.minimum_raise  # (money.minimum_raise: a whole number of units)
        self.floor = rules.bidding.lowest  # (whole units, at least the minimum)
        #: the round whose entries are kept (0: none yet), and the entries
        self.number = 0
        self.pass_of: PerSeat = ()
        self.buy_of: PerSeat = ()
        self.empty_fist_of: PerSeat = ()
        self.play_of: tuple[PerSeat, ...] = ()

    def at_round(self, number: int) -> None:
        """Take the shared entries of round ``number`` (1-based) if they are not kept."""
        if number != self.number:
            self.number = number
            self.pass_of, self.buy_of, self.empty_fist_of, self.play_of = round_entries(
                number, self.n, self.game.rules.codec.names
            )


def decisions(game: State, chooser: list[ChoiceAgent | None]) -> Decisions:
    """Play ``game`` on, asking ``chooser[seat]`` (or, for ``None``, the caller: see
    the module docstring) at every decision, until the game is over."""
    ask = Asking(game, chooser)
    while True:
        phase = game.phase
        ask.at_round(game.round + 1)
        if phase == LEAD:
            yield from lead(ask)
            if game.phase != AUCTION:  # (the card ended the round, or the lot is settled)
                continue
            # (on to the auction at once)
        elif phase == FLIPPING:
            yield from flip(ask)
            continue
        elif phase == OVER:
            return
        # AUCTION: the lot under the hammer, from wherever it stands
        lot = game.lot
        assert lot is not None
        kind = lot.kind
        if kind == DOUBLE:
            yield from offer_second(ask, lot)
        elif kind == SEALED:
            yield from sealed_bids(ask, lot)
        elif kind == FIXED_PRICE:
            yield from fixed_price(ask, lot)
        else:
            yield from bidding(ask, lot)


def lead(ask: Asking) -> Decisions:
    """The seat to lead lays a card: it leaves the hand and opens a lot, unless it ends
    the round; an auction that nobody may bid in is settled at once."""
    game = ask.game
    seat = game.turn
    codes = game.leadable(seat) if ask.companion_rule else game.distinct[seat]
    agent = ask.chooser[seat]
    if agent is None:
        plays = ask.plays
        leads = tuple([plays[code] for code in codes])
        _, action = yield Legal(seat, leads)
        code = codes[place_of(action, leads)]  # (apply checked it is one of them)
    else:
        code = codes[agent.pick(len(codes))]
    # the card leaves the hand (and the index of distinct cards) and opens a lot
    take_from_hand(game, seat, code)
    ask.raw.append(ask.play_of[seat][code])
    game.lot = led = Lot(ask.n, seat, code, auction_of(code))
    game.last_card_player = game.last_auctioneer = seat
    if not card_laid(game, seat, code):  # (else the card ended the round)
        game.phase = AUCTION
        settled = auctions[led.kind].start(game, led)
        if settled is not None:  # (nobody may bid, a broke auctioneer keeps it)
            settle(game, led, settled)


def flip(ask: Asking) -> Decisions:
    """The flipper turns over a dummy card, or passes."""
    game = ask.game
    seat = game.flipper
    agent = ask.chooser[seat]
    if agent is None:
        _, action = yield Legal(seat, _FLIP_OR_PASS)
        flips = type(action) is Flip
    else:
        flips = agent.pick(2) == 0
    flip_or_pass(game, seat, flips)


def offer_second(ask: Asking, lot: Lot) -> Decisions:
    """A double: each seat in turn may add a second card of the artist, and the lot
    goes on as that card's auction; if nobody adds one, the double's rule settles it."""
    game, chooser, adds = ask.game, ask.chooser, ask.adds
    first = lot.cards[0]
    while True:
        seat = lot.asker
        companions = game.companions(seat, first)
        must_add = ask.companion_rule and DoubleAuction.must_add(game, lot, seat)
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
            return
        ask.raw.append(ask.pass_of[seat])
        if not lot.ask_next():
            settle(game, lot, DoubleAuction.nobody_adds(game, lot))
            return


def sealed_bids(ask: Asking, lot: Lot) -> Decisions:
    """A sealed auction: every seat bids once, in secret, in any order; the reveal
    sells the lot or, on a tie under ``sealed.ties``, asks the tied seats again (a bid
    then tops the tied one, ``lot.high``, and an empty fist keeps it)."""
    game, chooser, raw, n, unit = ask.game, ask.chooser, ask.raw, ask.n, ask.unit
    number, cash, sealed = ask.number, game.cash, lot.sealed
    kept = lot.high
    lo = ask.floor if kept == 0 else ask.bidding.floor(kept)
    for seat in range(n):  # (a seat asked by suspending may be answered for another)
        while sealed[seat] is None:
            agent = chooser[seat]
            if agent is None:
                who, action = yield tuple([s for s in range(n) if sealed[s] is None])
                amount = action.amount if type(action) is Bid else None
            else:
                who, money = seat, cash[seat]
                if money >= lo:
                    amount = agent.bid((lo, ask.bidding.top(lo, money), unit), True)
                else:  # only pass is legal: asked as ChoiceAgent.act would ask
                    agent.pick(1)
                    amount = None
            sealed[who] = amount or kept
            # (the entry keeps the amount for the action log; the event hides it)
            if amount is None:
                raw.append(ask.empty_fist_of[who])
            else:
                raw.append(entry.sealed_bid(number, who, amount))
    opened, settled = SealedAuction.reveal(game, lot)
    raw.append(entry.reveal(number, opened))
    if settled is not None:  # (else a re-bid: the loop comes back to the tied seats)
        settle(game, lot, settled)


def fixed_price(ask: Asking, lot: Lot) -> Decisions:
    """A fixed-price auction: the auctioneer names a price, then the others in turn may
    buy at it; if nobody buys, ``fixed_price.nobody_buys`` settles it."""
    game, chooser, raw, cash = ask.game, ask.chooser, ask.raw, ask.game.cash
    if lot.price < 0:
        seat = lot.auctioneer
        span = game.price_range(seat)
        assert span is not None  # (a broke auctioneer kept the lot at the start)
        agent = chooser[seat]
        if agent is None:
            _, action = yield Legal(seat, (), price=span)
            assert type(action) is Price  # (apply checked it against the Legal)
            named = action.amount
        else:
            named = agent.price(span)
        raw.append(entry.price(ask.number, seat, named))
        FixedPriceAuction.name_price(game, lot, named)
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
            raw.append(ask.buy_of[seat])
            sell(game, lot, seat, price)
            return
        raw.append(ask.pass_of[seat])
        if not lot.ask_next():
            settle(game, lot, FixedPriceAuction.nobody_buys(game, lot))
            return


def bidding(ask: Asking, lot: Lot) -> Decisions:  # noqa: PLR0915 - one bidding loop
    """An open or once-around auction: a standing bid raised or passed, turn after
    turn, until the ending rule (open) or the order (once around) closes it. A seat on
    a limit (open auctions) is not asked: the engine answers for it (:func:`on_limit`);
    once every seat able to raise is on one, a seat that can only pass is not asked
    either (:func:`only_limits_raise`)."""
    game, chooser, raw, n, unit = ask.game, ask.chooser, ask.raw, ask.n, ask.unit
    number, cash, ending, kind = ask.number, game.cash, ask.ending, lot.kind
    pass_of = ask.pass_of
    in_order = kind != OPEN  # (once around: each seat speaks once, in order)
    barred = lot.auctioneer if (ask.once_barred if in_order else ask.open_barred) else NOBODY
    raise_by = ask.raise_by
    lo = ask.floor if lot.high == 0 else ask.bidding.floor(lot.high)
    bids = lot.bids
    limits = lot.limits  # (empty while nobody said a limit in this lot)
    seat = lot.asker
    while True:
        # an auctioneer barred from bidding on their own lot only passes
        money = cash[seat] if seat != barred else -1
        cap = limits[seat] if limits else None
        automatic = cap is not None
        if cap is not None:  # the seat is not asked: the engine answers on its limit
            amount = Bidding.answer(cap, lo, seat, lot.high_bidder)
        elif money < lo and limits and only_limits_raise(lot, cash, lo, barred):
            amount, automatic = None, True  # (it could only pass, and the lot is settling)
        else:
            agent = chooser[seat]
            if agent is None:
                if money >= lo:
                    span = (lo, ask.bidding.top(lo, money), unit)
                    limit = Bidding.limits(span) if kind == OPEN else None
                    legal = Legal(seat, _PASS_ONLY, span, None, limit)
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
                    amount = Bidding.answer(said, lo, seat, lot.high_bidder)
                    automatic = True
                else:
                    amount = None
            elif money >= lo:
                amount = agent.bid((lo, ask.bidding.top(lo, money), unit), True)
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
            return
        lot.asker = seat = nxt
