"""What a seat knows, as card codes: the form the valuation agents decide from.

A :class:`Facts` holds the parts of a :class:`~auctionrules.engine.views.View`
the heuristic reads, with cards as integer codes (``artist * 5 + type``) instead
of names. :meth:`Facts.of_view` is the only door for a real seat.
:meth:`Facts.of_game` reads the same from a game the caller owns: a search
agent's *sampled* game (a determinization of its own view), during rollouts,
where building a full view per move would cost most of the time. It is the one
place outside the engine that reads the game's state fields (``hands``,
``counts``, ``owned``, ``board``, ``cash``, ``lot``), so it is the one to adapt
if they change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.cards import TYPE_INDEX
from auctionrules.engine.views import View

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

#: ``Facts.lot``: ``(cards, kind, leader, auctioneer, high, high_bidder, price)``;
#: ``high_bidder`` -1 when nobody bid, ``price`` -1 when no fixed price is named.
LotFacts = tuple[tuple[int, ...], int, int, int, int, int, int]


class Facts:
    """A seat's knowledge in codes (see the module docstring)."""

    __slots__ = ("board", "cash", "counts", "hand", "lot", "owned", "round", "rules", "seat")

    def __init__(
        self,
        *,
        rules: Rules,
        seat: int,
        round_index: int,
        counts: Sequence[int],
        hand: list[int],
        owned: Sequence[Sequence[int]],
        board: list[list[int]],
        cash: int,
        lot: LotFacts | None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        #: The round, 0-based.
        self.round = round_index
        self.counts = counts
        self.hand = hand
        self.owned = owned
        self.board = board
        self.cash = cash
        self.lot = lot

    @classmethod
    def of_view(cls, view: View) -> Facts:
        """The facts of a seat's view."""
        rules = view.rules
        code = rules.codec.by_name
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no seat to decide for")
        lot: LotFacts | None = None
        if view.lot is not None:
            items = dict(view.lot)
            high_bidder = items["high_bidder"]
            price = items["price"]
            lot = (
                tuple(code[c] for c in items["cards"]),
                TYPE_INDEX[items["type"]],
                items["leader"],
                items["auctioneer"],
                items["high"],
                -1 if high_bidder is None else high_bidder,
                -1 if price is None else price,
            )
        cash = view.cash[seat]
        return cls(
            rules=rules,
            seat=seat,
            round_index=view.round - 1,
            counts=list(view.counts),
            hand=[code[c] for c in view.hand or ()],
            owned=[[code[c] for c in cards] for cards in view.owned],
            board=[list(row) for row in view.board],
            cash=cash if cash is not None else 0,
            lot=lot,
        )

    @classmethod
    def of_game(cls, game: Game, seat: int) -> Facts:
        """The facts ``seat`` would see in ``game`` (a game the caller owns, such as a
        determinization; never a game the caller plays in)."""
        lot = game.lot
        facts: LotFacts | None = None
        if lot is not None:
            price = lot.price if lot.kind == TYPE_INDEX["fixed_price"] else -1
            facts = (tuple(lot.cards), lot.kind, lot.leader, lot.auctioneer, lot.high,
                     lot.high_bidder, price)
        return cls(rules=game.rules, seat=seat, round_index=game.round, counts=game.counts,
                   hand=game.hands[seat], owned=game.owned, board=game.board,
                   cash=game.cash[seat], lot=facts)
