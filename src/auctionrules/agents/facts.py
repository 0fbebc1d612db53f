"""What a seat knows, as card codes: the form the valuation agents decide from.

A :class:`Facts` holds the parts of a :class:`~auctionrules.engine.views.View`
the heuristic reads, with cards as integer codes (``artist * 5 + type``) instead
of names. :meth:`Facts.of_view` is the only door for a real seat.
:meth:`Facts.of_game` reads the same from a game the caller owns: a search
agent's *sampled* game (a determinization of its own view), during rollouts,
where building a full view per move would cost most of the time. It is the one
place outside the engine that reads the game's state fields (``hands``,
``counts``, ``owned``, ``board``, ``cash``), so it is the one to adapt if they
change.

The lot under the hammer is the view's own record of it,
:class:`~auctionrules.engine.kept.LotPart` (cards as codes, read by field name:
``facts.lot.auctioneer``, ``facts.lot.high_bidder``), made by the engine's one
maker of it (:func:`~auctionrules.engine.kept.lot_of`) from a view and from a game
alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.kept import LotPart, lot_of
from auctionrules.engine.views import View

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

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
        lot: LotPart | None,
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
        #: The lot under the hammer (``None`` between lots).
        self.lot = lot

    @classmethod
    def of_view(cls, view: View) -> Facts:
        """The facts of a seat's view."""
        rules = view.rules
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no seat to decide for")
        cash = view.cash[seat]
        return cls(
            rules=rules,
            seat=seat,
            round_index=view.round - 1,
            counts=list(view.counts),
            hand=list(view.hand_codes or ()),
            owned=[list(cards) for cards in view.public.owned],  # (cards as codes)
            board=[list(row) for row in view.board],
            cash=cash if cash is not None else 0,
            lot=view.lot_part,
        )

    @classmethod
    def of_game(cls, game: Game, seat: int) -> Facts:
        """The facts ``seat`` would see in ``game`` (a game the caller owns, such as a
        determinization; never a game the caller plays in)."""
        state = game.state
        return cls(rules=game.rules, seat=seat, round_index=state.round, counts=state.counts,
                   hand=state.hands[seat], owned=state.owned, board=state.board,
                   cash=game.state.cash[seat], lot=lot_of(game, seat))
