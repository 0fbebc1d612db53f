"""The five auction types, one stateless strategy object each.

A lot's auction type picks its object from ``Rules.auctions`` (indexed by the
type index of :mod:`auctionrules.engine.cards`); the double's object runs the
adding of the second card, after which the lot switches to the second card's
type. Every object answers the same four questions for the game loop: who must
act (:meth:`Auction.to_act`), what they may do (:meth:`Auction.legal`), why an
action is refused (:meth:`Auction.check`, ``None`` if it is legal; nothing is
changed), and what an accepted action does (:meth:`Auction.apply`). The
per-lot state lives in the :class:`~auctionrules.engine.lot.Lot`.

:meth:`Auction.playout` is the fast path of random rollouts: it runs the
auction with :class:`~auctionrules.engine.agents.ChoiceAgent` s, asking them the
plain questions that ``to_act``/``legal`` would have framed, and hands every
chosen action to the same :meth:`Auction.apply`. It must choose exactly what
``to_act()[0]``, ``legal`` and ``ChoiceAgent.act`` would (proven against the
step-by-step loop by ``tests/engine/test_fast_paths.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.actions import (
    BUY,
    PASS,
    Action,
    Add,
    Bid,
    Buy,
    Pass,
    Price,
    bid_of,
    price_of,
)
from auctionrules.engine.cards import DOUBLE
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import NOBODY, Lot

if TYPE_CHECKING:
    from auctionrules.engine.agents import ChoiceAgent
    from auctionrules.engine.flow import RoundFlow as Game

_PASS_ONLY = (PASS,)
_BUY_OR_PASS = (BUY, PASS)


def _range_reason(kind: str, amount: int, rng: tuple[int, int, int] | None) -> str | None:
    if rng is None:
        return f"no {kind} is possible (not enough money); only pass"
    lo, hi, step = rng
    if lo <= amount <= hi and (amount - lo) % step == 0:
        return None
    return f"a {kind} must be from {lo} to {hi} in steps of {step}"


class Auction:
    """Base of the auction-type strategies; one instance per compiled ``Rules``."""

    __slots__ = ()
    name = ""

    def start(self, game: Game, lot: Lot) -> None:
        """Set the lot up for this auction type (may settle it at once)."""
        raise NotImplementedError

    def to_act(self, game: Game, lot: Lot) -> tuple[int, ...]:
        """Seats that must act now."""
        return game.alone[lot.asker]

    def legal(self, game: Game, lot: Lot, seat: int) -> Legal:
        """What ``seat`` (one of :meth:`to_act`) may do."""
        raise NotImplementedError

    def check(self, game: Game, lot: Lot, seat: int, action: Action) -> str | None:
        """Why ``action`` by ``seat`` is illegal, or ``None``."""
        raise NotImplementedError

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        """Carry out a legal action."""
        raise NotImplementedError

    def playout(self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent]) -> None:
        """Run this auction type on ``lot`` with ``agents`` until the lot is settled or
        changes type, logging every action as ``Game.step`` would."""
        raise NotImplementedError


class _Bidding(Auction):
    """Shared by open and once-around: a standing bid raised by ``bid N`` or passed."""

    __slots__ = ()

    def legal(self, game: Game, lot: Lot, seat: int) -> Legal:
        return Legal(seat, _PASS_ONLY, game.bid_range(seat, lot.high))

    def check(self, game: Game, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            return _range_reason("bid", action.amount, game.bid_range(seat, lot.high))
        return f"a {self.name} auction is running: bid or pass"

    @staticmethod
    def take_bid(game: Game, lot: Lot, seat: int, amount: int) -> None:
        """Record ``seat``'s bid of ``amount`` as the standing bid."""
        lot.high, lot.high_bidder = amount, seat
        lot.bids.append((seat, amount))
        game._raw.append(("bid", game.round + 1, seat, amount))

    def finish(self, game: Game, lot: Lot) -> None:
        """Sell to the high bidder, or apply the no-bid rule."""
        if lot.high_bidder == NOBODY:
            game.no_bid(lot)
        else:
            game.sell(lot, lot.high_bidder, lot.high)


class OpenAuction(_Bidding):
    """Open auction: who is asked and when it ends is the ``open.ending`` strategy."""

    __slots__ = ()
    name = "open"

    def start(self, game: Game, lot: Lot) -> None:
        asker = game.rules.open_ending.first(lot)
        if asker is None:
            self.finish(game, lot)
        else:
            lot.asker = asker

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        ending = game.rules.open_ending
        if action.__class__ is Bid:
            self.take_bid(game, lot, seat, action.amount)
            nxt = ending.after_bid(lot, seat)
        else:
            game._raw.append(("pass", game.round + 1, seat))
            nxt = ending.after_pass(lot, seat)
        if nxt is None:
            self.finish(game, lot)
        else:
            lot.asker = nxt

    def playout(self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent]) -> None:
        # The hottest loop of a random game: apply() and take_bid() inlined.
        ending = game.rules.open_ending
        after_bid, after_pass = ending.after_bid, ending.after_pass
        log, raw, cash, unit, bids = game.log, game._raw, game.cash, game._unit, lot.bids
        rnd = game.round + 1
        lo = game.bid_floor(lot.high)
        seat: int | None = lot.asker
        while seat is not None:
            lot.asker = seat
            money = cash[seat]
            # legal: pass, or bid from lo to the cash (in units)
            if money >= lo and (
                amount := agents[seat].bid((lo, money - (money - lo) % unit, unit), True)
            ) is not None:
                log.append((seat, bid_of(amount)))
                lot.high, lot.high_bidder = amount, seat
                bids.append((seat, amount))
                raw.append(("bid", rnd, seat, amount))
                lo = amount + unit  # = bid_floor(amount): a bid is whole units, >= minimum
                seat = after_bid(lot, seat)
            else:
                log.append((seat, PASS))
                raw.append(("pass", rnd, seat))
                seat = after_pass(lot, seat)
        self.finish(game, lot)


class OnceAround(_Bidding):
    """Once around: one chance each from the auctioneer's left, the auctioneer last
    (or first, ``once_around.auctioneer_turn``); each bid above the last."""

    __slots__ = ()
    name = "once-around"

    def start(self, game: Game, lot: Lot) -> None:
        order = game.rules.orders[lot.auctioneer]
        if game.rules.once_auctioneer_first:
            order = order[-1:] + order[:-1]
        lot.order, lot.pos, lot.asker = order, 0, order[0]

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        if action.__class__ is Bid:
            self.take_bid(game, lot, seat, action.amount)
        else:
            game._raw.append(("pass", game.round + 1, seat))
        if not lot.ask_next():
            self.finish(game, lot)

    def playout(self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent]) -> None:
        # as OpenAuction.playout, walking the speaking order
        log, raw, cash, unit, bids = game.log, game._raw, game.cash, game._unit, lot.bids
        rnd = game.round + 1
        lo = game.bid_floor(lot.high)
        order = lot.order
        for pos in range(lot.pos, len(order)):
            seat = order[pos]
            lot.pos, lot.asker = pos, seat
            money = cash[seat]
            if money >= lo and (
                amount := agents[seat].bid((lo, money - (money - lo) % unit, unit), True)
            ) is not None:
                log.append((seat, bid_of(amount)))
                lot.high, lot.high_bidder = amount, seat
                bids.append((seat, amount))
                raw.append(("bid", rnd, seat, amount))
                lo = amount + unit
            else:
                log.append((seat, PASS))
                raw.append(("pass", rnd, seat))
        lot.pos = len(order)
        self.finish(game, lot)


class SealedAuction(Auction):
    """Sealed bids: everyone bids once in secret (``pass`` is an empty fist); the
    highest wins, ties by the ``sealed.tie_break`` strategy."""

    __slots__ = ()
    name = "sealed"

    def start(self, game: Game, lot: Lot) -> None:
        lot.sealed = [None] * lot.n

    def to_act(self, game: Game, lot: Lot) -> tuple[int, ...]:
        return tuple([s for s, b in enumerate(lot.sealed) if b is None])

    def legal(self, game: Game, lot: Lot, seat: int) -> Legal:
        return Legal(seat, _PASS_ONLY, game.bid_range(seat, 0))

    def check(self, game: Game, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            return _range_reason("bid", action.amount, game.bid_range(seat, 0))
        return "a sealed auction is running: bid or pass"

    def playout(self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent]) -> None:
        log, raw, cash, unit, sealed = game.log, game._raw, game.cash, game._unit, lot.sealed
        lo = game.bid_floor(0)
        for seat in range(lot.n):  # to_act()[0] is the first seat yet to bid
            if sealed[seat] is not None:
                continue
            money = cash[seat]
            amount = (
                agents[seat].bid((lo, money - (money - lo) % unit, unit), True)
                if money >= lo else None
            )
            log.append((seat, PASS if amount is None else bid_of(amount)))
            sealed[seat] = amount or 0
            raw.append(("sealed-bid", game.round + 1, seat))
        self.reveal(game, lot)

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        lot.sealed[seat] = action.amount if action.__class__ is Bid else 0
        game._raw.append(("sealed-bid", game.round + 1, seat))
        if None not in lot.sealed:
            self.reveal(game, lot)

    @staticmethod
    def reveal(game: Game, lot: Lot) -> None:
        """Every seat has bid: open the fists and settle the lot."""
        bids = [b or 0 for b in lot.sealed]
        game._raw.append(("reveal", game.round + 1, {"bids": bids}))
        best = max(bids)
        if best <= 0:
            game.no_bid(lot)
            return
        for s in game.rules.sealed_tie_break.order(lot.auctioneer, lot.n):
            if bids[s] == best:
                lot.high, lot.high_bidder = best, s
                game.sell(lot, s, best)
                return


class FixedPriceAuction(Auction):
    """Fixed price: the auctioneer names a price, then from the left each may buy;
    if nobody does, the auctioneer buys (or takes it free, ``fixed_price.nobody_buys``).

    The price is at most the auctioneer's cash (``max_price: auctioneer-cash``) or at
    most the richest player's cash (``unlimited``; an auctioneer who must then buy
    above their cash pays all they have). An auctioneer with less than the minimum
    bid offers the lot for nothing or keeps it (``broke_auctioneer``).
    """

    __slots__ = ()
    name = "fixed-price"

    def start(self, game: Game, lot: Lot) -> None:
        lot.price = -1
        lot.asker = lot.auctioneer
        if game.price_range(lot.auctioneer) is None:
            game.take_free(lot, lot.auctioneer)

    def legal(self, game: Game, lot: Lot, seat: int) -> Legal:
        if lot.price < 0:
            return Legal(seat, (), price=game.price_range(seat))
        return Legal(seat, _BUY_OR_PASS if game.cash[seat] >= lot.price else _PASS_ONLY)

    def check(self, game: Game, lot: Lot, seat: int, action: Action) -> str | None:
        if lot.price < 0:
            if isinstance(action, Price):
                return _range_reason("price", action.amount, game.price_range(seat))
            return "the auctioneer must name the fixed price: price N"
        if isinstance(action, Pass):
            return None
        if isinstance(action, Buy):
            if game.cash[seat] < lot.price:
                return f"the price {lot.price} is more than the buyer's cash"
            return None
        return f"the price is {lot.price}: buy or pass"

    def playout(self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent]) -> None:
        log, raw, cash = game.log, game._raw, game.cash
        if lot.price < 0:
            seat = lot.asker
            span = game.price_range(seat)
            assert span is not None  # start() settled the lot otherwise
            price = agents[seat].price(span)
            log.append((seat, price_of(price)))
            self.name_price(game, lot, seat, price)
        price, order = lot.price, lot.order
        for pos in range(lot.pos, len(order)):
            seat = order[pos]
            lot.pos, lot.asker = pos, seat
            # legal: buy or pass if the cash reaches the price, else pass
            if cash[seat] >= price and agents[seat].pick(2) == 0:
                log.append((seat, BUY))
                raw.append(("buy", game.round + 1, seat))
                game.sell(lot, seat, price)
                return
            log.append((seat, PASS))
            raw.append(("pass", game.round + 1, seat))
        lot.pos = len(order)
        self.nobody_buys(game, lot)

    @staticmethod
    def name_price(game: Game, lot: Lot, seat: int, price: int) -> None:
        """The auctioneer names ``price``; the others are asked from the left."""
        lot.price = price
        game._raw.append(("price", game.round + 1, seat, price))
        lot.order, lot.pos = game.rules.orders[lot.auctioneer][:-1], 0
        lot.asker = lot.order[0]

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        if isinstance(action, Price):
            self.name_price(game, lot, seat, action.amount)
            return
        if isinstance(action, Buy):
            game._raw.append(("buy", game.round + 1, seat))
            game.sell(lot, seat, lot.price)
            return
        game._raw.append(("pass", game.round + 1, seat))
        if not lot.ask_next():
            self.nobody_buys(game, lot)

    @staticmethod
    def nobody_buys(game: Game, lot: Lot) -> None:
        """Everyone passed: ``fixed_price.nobody_buys`` says what the auctioneer does."""
        if game.rules.nobody_buys_pays:
            game.sell(lot, lot.auctioneer, min(lot.price, game.cash[lot.auctioneer]))
        else:
            game.take_free(lot, lot.auctioneer)


class DoubleAuction(Auction):
    """A double card: from its leader round the table (``double.who_may_add``) each
    may add a second card of the artist that is not a double; the lot is then
    auctioned by the second card's type. Nobody adds: ``double.nobody_adds``."""

    __slots__ = ()
    name = "double"

    def start(self, game: Game, lot: Lot) -> None:
        rules = game.rules
        order = rules.orders[lot.leader]
        order = order[-1:] + order[:-1] if rules.anyone_may_add else (lot.leader,)
        lot.order, lot.pos, lot.asker = order, 0, order[0]

    @staticmethod
    def _must_add(game: Game, lot: Lot, seat: int) -> bool:
        """Under ``lead_requires_companion`` the leader led the double *because* they hold
        its companion, and must add it: the double may not go round the table for free."""
        return game.rules.lead_requires_companion and seat == lot.leader and lot.pos == 0

    def legal(self, game: Game, lot: Lot, seat: int) -> Legal:
        adds = tuple(map(game.rules.adds.__getitem__, game.companions(seat, lot.cards[0])))
        return Legal(seat, adds if self._must_add(game, lot, seat) else (*adds, PASS))

    def check(self, game: Game, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            if self._must_add(game, lot, seat):
                return "under the companion rule the leader must add the second card"
            return None
        if isinstance(action, Add):
            code = game.rules.codec.code(action.card)
            first = lot.cards[0]
            if code // 5 != first // 5:
                return f"the second card must be of the double's artist ({first // 5})"
            if code % 5 == DOUBLE:
                return "the second card may not be a double"
            if code not in game.hands[seat]:
                return f"{action.card} is not in seat {seat}'s hand"
            return None
        return "a double is waiting for a second card: add ARTIST/TYPE or pass"

    def playout(self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent]) -> None:
        log, raw, adds, first, order = game.log, game._raw, game.rules.adds, lot.cards[0], lot.order
        for pos in range(lot.pos, len(order)):
            seat = order[pos]
            lot.pos, lot.asker = pos, seat
            # legal: add any companion in hand, or pass (unless the leader must add)
            companions = game.companions(seat, first)
            index = agents[seat].pick(len(companions) + (not self._must_add(game, lot, seat)))
            if index < len(companions):
                code = companions[index]
                log.append((seat, adds[code]))
                game.add_second(lot, seat, code)
                return
            log.append((seat, PASS))
            raw.append(("pass", game.round + 1, seat))
        lot.pos = len(order)
        self.nobody_adds(game, lot)

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        if isinstance(action, Add):
            game.add_second(lot, seat, game.rules.codec.code(action.card))
            return
        game._raw.append(("pass", game.round + 1, seat))
        if not lot.ask_next():
            self.nobody_adds(game, lot)

    @staticmethod
    def nobody_adds(game: Game, lot: Lot) -> None:
        """Everyone passed: ``double.nobody_adds`` says what becomes of the double."""
        if game.rules.nobody_adds_unsold:
            game.leave_unsold(lot)
        else:
            game.take_free(lot, lot.leader)


#: The auction strategies in auction-type index order.
AUCTIONS: tuple[Auction, ...] = (
    OpenAuction(),
    OnceAround(),
    SealedAuction(),
    FixedPriceAuction(),
    DoubleAuction(),
)
