"""Built-in strategies, one base class per rule axis, one subclass per option value.

Each class is named after its option value and registered under it (see
:mod:`auctionrules.engine.registry` for the extension point). A strategy is built
once per compiled game as ``cls(options, players, unit)`` from its own section of
the ruleset (see :class:`Strategy`) and must not keep per-game state: a
compiled :class:`~auctionrules.engine.rules.Rules` is shared by every game
created from it. Options that are plain switches without a custom form
(``once_around.auctioneer_turn``, ``fixed_price.*``, ``double.who_may_add`` ...)
are compiled to flags in :mod:`auctionrules.engine.rules` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from auctionrules.compiled import Reduced, reduced
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.registry import register
from auctionrules.engine.seats import from_left_of, from_seat, left_of
from auctionrules.model import Double, DummyFlip

#: The recipient "bank" in a payment.
BANK: Final = -1


@mypyc_attr(allow_interpreted_subclasses=True)
class Strategy:
    """Base of every strategy: built from its own options, not the whole ruleset.

    ``options`` is the model section the axis's option is written in:
    :class:`~auctionrules.model.Open` for ``auctions.open.ending``,
    :class:`~auctionrules.model.Sealed`, :class:`~auctionrules.model.Double`,
    :class:`~auctionrules.model.Scoring` (both of its axes),
    :class:`~auctionrules.model.NextRound`, the player count's
    :class:`~auctionrules.model.DummyFlip`, and ``None`` for ``no_bid`` (a
    top-level option with no section). ``players`` is the number of players and
    ``unit`` the bid unit, which any rule about amounts may need.
    """

    __slots__ = ("options", "players", "unit")

    def __init__(self, options: Any, players: int, unit: int) -> None:
        self.options = options
        self.players = players
        self.unit = unit

    def __reduce__(self) -> Reduced:
        # (a built-in strategy is closed to the compiler: made again as it was built)
        return reduced(self, (self.options, self.players, self.unit))


# --- auctions.open.ending ------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class OpenEnding(Strategy):
    """Who is asked next in an open auction, and when it ends (``None``)."""

    __slots__ = ()

    def first(self, lot: Lot) -> int | None:
        """The first player asked."""
        raise NotImplementedError

    def after_bid(self, lot: Lot, seat: int) -> int | None:
        """The next player asked after ``seat`` bid (``lot.high_bidder`` is ``seat``)."""
        raise NotImplementedError

    def after_pass(self, lot: Lot, seat: int) -> int | None:
        """The next player asked after ``seat`` passed, or ``None`` if the auction is over."""
        raise NotImplementedError


class FullRoundOfPasses(OpenEnding):
    """Asked in turn from the auctioneer's left; over when all but the high bidder passed
    since the last bid (all players, if nobody bid). A pass is not final."""

    __slots__ = ()

    def first(self, lot: Lot) -> int | None:
        lot.passes = 0
        return left_of(lot.auctioneer, lot.n)

    def after_bid(self, lot: Lot, seat: int) -> int | None:
        lot.passes = 0
        return left_of(seat, lot.n) if lot.n > 1 else None

    def after_pass(self, lot: Lot, seat: int) -> int | None:
        lot.passes += 1
        needed = lot.n - 1 if lot.high_bidder is not None else lot.n
        if lot.passes >= needed:
            return None
        return left_of(seat, lot.n)


class PassIsFinal(OpenEnding):
    """A pass drops the player out; over when only the high bidder (or nobody) is left in."""

    __slots__ = ()

    @staticmethod
    def _next_in(lot: Lot, seat: int) -> int | None:
        for p in from_left_of(seat, lot.n):
            if not lot.out >> p & 1 and p != lot.high_bidder:
                return p
        return None

    def first(self, lot: Lot) -> int | None:
        lot.out = 0
        return self._next_in(lot, lot.auctioneer)

    def after_bid(self, lot: Lot, seat: int) -> int | None:
        return self._next_in(lot, seat)

    def after_pass(self, lot: Lot, seat: int) -> int | None:
        lot.out |= 1 << seat
        return self._next_in(lot, seat)


# --- auctions.sealed.tie_break -------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class SealedTieBreak(Strategy):
    """The order in which tied highest sealed bids win: first in the order wins."""

    __slots__ = ()

    def order(self, auctioneer: int, n: int) -> tuple[int, ...]:
        """Every seat once, the tie winner first."""
        raise NotImplementedError


class AuctioneerFirst(SealedTieBreak):
    """From the auctioneer going left: a tied auctioneer buys."""

    __slots__ = ()

    def order(self, auctioneer: int, n: int) -> tuple[int, ...]:
        return from_seat(auctioneer, n)


class AuctioneerLast(SealedTieBreak):
    """From the auctioneer's left, the auctioneer last."""

    __slots__ = ()

    def order(self, auctioneer: int, n: int) -> tuple[int, ...]:
        return from_left_of(auctioneer, n)


# --- auctions.double.payee -----------------------------------------------------------------


def to_seller(seller: int, winner: int) -> int:
    """A seller who wins pays their part to the bank (every rulebook)."""
    return BANK if seller == winner else seller


def sale_payments(
    payee: Payee, lot: Lot, winner: int, price: int
) -> tuple[tuple[int, int], ...]:
    """Who receives what of a sale's ``price``, as ``(recipient, amount)``: a double
    with a second card added pays as the ``payee`` strategy says, any other lot its
    auctioneer (the bank, if they bought their own lot)."""
    if lot.adder is not None:
        return tuple(payee.payments(lot, winner, price))
    if price:
        return ((to_seller(lot.auctioneer, winner), price),)
    return ()


def adder_of(lot: Lot) -> int:
    """Who added the second card of the double ``lot`` (one was added)."""
    adder = lot.adder
    assert adder is not None
    return adder


@mypyc_attr(allow_interpreted_subclasses=True)
class Payee(Strategy):
    """Who receives the price of a double lot whose second card was added."""

    __slots__ = ()

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        """``(recipient, amount)`` pairs paid by ``winner``; recipient ``BANK`` is the bank.

        The amounts must add up to ``price``.
        """
        raise NotImplementedError


class AdderPaid(Payee):
    """The player who added the second card receives the whole price."""

    __slots__ = ()

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        return ((to_seller(adder_of(lot), winner), price),)


class AuctioneerPaid(Payee):
    """Whoever auctions the lot receives the whole price."""

    __slots__ = ()

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        return ((to_seller(lot.auctioneer, winner), price),)


class SplitEqually(Payee):
    """Halves of whole bid units to the leader and the adder (004).

    The odd unit goes per ``split.odd_unit_to``; a seller who wins pays their own
    share to the bank and the other to the other seller, or (``all-to-bank``) the
    whole price to the bank. A leader who added the second card is the only seller.
    """

    __slots__ = ("all_to_bank", "odd_to_adder")

    def __init__(self, options: Double, players: int, unit: int) -> None:
        super().__init__(options, players, unit)
        self.odd_to_adder = options.split.odd_unit_to == "adder"
        self.all_to_bank = options.split.seller_wins == "all-to-bank"

    def payments(self, lot: Lot, winner: int, price: int) -> Sequence[tuple[int, int]]:
        leader, adder = lot.leader, adder_of(lot)
        if adder == leader:
            return ((to_seller(leader, winner), price),)
        if self.all_to_bank and winner in (leader, adder):
            return ((BANK, price),)
        small = (price // self.unit // 2) * self.unit
        big = price - small
        adder_share = big if self.odd_to_adder else small
        out = (
            (to_seller(adder, winner), adder_share),
            (to_seller(leader, winner), price - adder_share),
        )
        return tuple(p for p in out if p[1])


# --- no_bid --------------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class NoBid(Strategy):
    """Who takes a lot nobody bid on (open, once-around, sealed); ``NOBODY`` = unsold."""

    __slots__ = ()

    def taker(self, lot: Lot) -> int:
        """The seat that takes the lot free, or ``NOBODY``."""
        raise NotImplementedError


class AuctioneerTakesFree(NoBid):
    """The auctioneer takes the lot without paying (every rulebook)."""

    __slots__ = ()

    def taker(self, lot: Lot) -> int:
        return lot.auctioneer


class Unsold(NoBid):
    """The lot stays on the table unowned; it still counts for the ranking."""

    __slots__ = ()

    def taker(self, lot: Lot) -> int:
        return NOBODY


# --- scoring.tie_break ---------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class RankingTieBreak(Strategy):
    """Orders the artists for the ranking, most cards first."""

    __slots__ = ()

    def rank(self, counts: Sequence[int]) -> list[int]:
        """Artist indices, best first (all of them)."""
        raise NotImplementedError


class BoardOrder(RankingTieBreak):
    """Ties go to the artist further left on the board."""

    __slots__ = ()

    def rank(self, counts: Sequence[int]) -> list[int]:
        # a stable sort, most cards first: tied artists keep board order
        return sorted(range(len(counts)), key=counts.__getitem__, reverse=True)


class ReverseBoardOrder(RankingTieBreak):
    """Ties go to the artist further right on the board."""

    __slots__ = ()

    def rank(self, counts: Sequence[int]) -> list[int]:
        # a stable sort, most cards first, of the artists right to left
        return sorted(range(len(counts) - 1, -1, -1), key=counts.__getitem__, reverse=True)


# --- scoring.valuation ---------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Valuation(Strategy):
    """What a card of an artist is worth at the end of a round.

    Scoring asks :meth:`value` for the artists ranked this round; a card of an
    unranked artist is worth nothing (every rulebook), unless the strategy sets
    :attr:`prices_unranked`, when it is asked for every artist.
    """

    __slots__ = ()
    #: Whether :meth:`value` prices the cards of artists not ranked this round too.
    prices_unranked: ClassVar[bool] = False

    def value(self, board: Sequence[Sequence[int]], round_index: int, artist: int) -> int:
        """The value of one card of ``artist``; ``board[r][a]`` are the values placed."""
        raise NotImplementedError


class Cumulative(Valuation):
    """The sum of the artist's column, this round's value included."""

    __slots__ = ()

    def value(self, board: Sequence[Sequence[int]], round_index: int, artist: int) -> int:
        total = 0
        for row in board[: round_index + 1]:
            total += row[artist]
        return total


class CumulativeAlways(Cumulative):
    """The sum of the artist's column, ranked this round or not: an unranked artist's
    cards keep the value its column holds from earlier rounds."""

    __slots__ = ()
    prices_unranked = True


class ThisRound(Valuation):
    """Only this round's value."""

    __slots__ = ()

    def value(self, board: Sequence[Sequence[int]], round_index: int, artist: int) -> int:
        return board[round_index][artist]


# --- next_round.starter --------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Starter(Strategy):
    """Who starts the next round."""

    __slots__ = ()

    def starter(self, last_card_player: int, last_auctioneer: int, n: int) -> int:
        """The seat that leads first in the next round."""
        raise NotImplementedError


class LeftOfLastCardPlayer(Starter):
    """The player on the left of whoever laid out the card that ended the round."""

    __slots__ = ()

    def starter(self, last_card_player: int, last_auctioneer: int, n: int) -> int:
        return left_of(last_card_player, n)


class LeftOfLastAuctioneer(Starter):
    """The player on the left of the last player to put a lot up for auction."""

    __slots__ = ()

    def starter(self, last_card_player: int, last_auctioneer: int, n: int) -> int:
        return left_of(last_auctioneer, n)


# --- player_counts.N.dummy_hands.flip.when -------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class FlipWhen(Strategy):
    """Whether a dummy card is turned over once a lot is settled, and by whom."""

    __slots__ = ()

    def after_lot(self, lot: Lot, taker: int) -> tuple[int, bool] | None:
        """``(flipper, automatic)`` or ``None`` for no flip.

        ``taker`` took the lot (``NOBODY`` if it stayed unsold). ``automatic``
        turns the card over without asking; otherwise ``flipper`` decides.
        """
        raise NotImplementedError


class AfterAuction(FlipWhen):
    """Once each lot is settled, its auctioneer or its taker (``by``) may turn one over.

    A lot nobody took (unsold) has no taker; its auctioneer decides then.
    """

    __slots__ = ("by_winner", "optional")

    def __init__(self, options: DummyFlip, players: int, unit: int) -> None:
        super().__init__(options, players, unit)
        self.by_winner = options.by == "winner"
        self.optional = options.optional

    def after_lot(self, lot: Lot, taker: int) -> tuple[int, bool] | None:
        flipper = taker if self.by_winner and taker != NOBODY else lot.auctioneer
        return flipper, not self.optional


class BetweenTurns(FlipWhen):
    """After every player's turn one card is turned over automatically.

    The turn is the lot's auctioneer's, who counts as the flipper.
    """

    __slots__ = ()

    def after_lot(self, lot: Lot, taker: int) -> tuple[int, bool] | None:
        return lot.auctioneer, True


#: The built-in strategies: ``(axis, option value, class)``, registered at import.
BUILT_IN: tuple[tuple[str, str, type[Strategy]], ...] = (
    ("auctions.open.ending", "full-round-of-passes", FullRoundOfPasses),
    ("auctions.open.ending", "pass-is-final", PassIsFinal),
    ("auctions.sealed.tie_break", "auctioneer-first", AuctioneerFirst),
    ("auctions.sealed.tie_break", "auctioneer-last", AuctioneerLast),
    ("auctions.double.payee", "adder", AdderPaid),
    ("auctions.double.payee", "auctioneer", AuctioneerPaid),
    ("auctions.double.payee", "split-equally", SplitEqually),
    ("no_bid", "auctioneer-takes-free", AuctioneerTakesFree),
    ("no_bid", "unsold", Unsold),
    ("scoring.tie_break", "board-order", BoardOrder),
    ("scoring.tie_break", "reverse-board-order", ReverseBoardOrder),
    ("scoring.valuation", "cumulative", Cumulative),
    ("scoring.valuation", "cumulative-always", CumulativeAlways),
    ("scoring.valuation", "this-round", ThisRound),
    ("next_round.starter", "left-of-last-card-player", LeftOfLastCardPlayer),
    ("next_round.starter", "left-of-last-auctioneer", LeftOfLastAuctioneer),
    ("player_counts.N.dummy_hands.flip.when", "after-auction", AfterAuction),
    ("player_counts.N.dummy_hands.flip.when", "between-turns", BetweenTurns),
)
for _axis, _name, _class in BUILT_IN:
    register(_axis, _name, _class)
