"""The game's read-out of its state: each field of the position, read-only.

:class:`~auctionrules.engine.game.Game` inherits these properties, so that
``game.cash`` or ``game.hands`` read its :class:`~auctionrules.engine.state.State`
without exposing the state's setters. They give the state's own values: the lists
are not to be changed outside the engine. Written out one by one (not made in a
loop), so that mypyc compiles them and the documentation lists them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from auctionrules.engine.lot import Lot
    from auctionrules.engine.outcome import Outcome
    from auctionrules.engine.rules import Rules
    from auctionrules.engine.state import State


@mypyc_attr(allow_interpreted_subclasses=True)
class ReadOut:
    """The state's fields as read-only properties (the base of ``Game``)."""

    #: the state: the position and the history
    state: State

    @property
    def rules(self) -> Rules:
        """The compiled rules."""
        return self.state.rules

    @property
    def n(self) -> int:
        """The number of players."""
        return self.state.n

    @property
    def seed(self) -> int:
        """The seed of the game's own generator (and of the deal, for a new game)."""
        return self.state.seed

    @property
    def hands(self) -> list[list[int]]:
        """Each hand's card codes, the players' then the dummy hands'."""
        return self.state.hands

    @property
    def distinct(self) -> list[list[int]]:
        """Each player's distinct card codes, ascending."""
        return self.state.distinct

    @property
    def deck(self) -> list[int]:
        """The cards left undealt, in draw order."""
        return self.state.deck

    @property
    def cash(self) -> tuple[int, ...]:
        """Each seat's money."""
        return self.state.cash

    @property
    def board(self) -> list[list[int]]:
        """The values placed on the board, one row per round."""
        return self.state.board

    @property
    def round(self) -> int:
        """The round, from 0 (see :attr:`round_number`)."""
        return self.state.round

    @property
    def counts(self) -> tuple[int, ...]:
        """The cards of each artist laid this round."""
        return self.state.counts

    @property
    def owned(self) -> tuple[tuple[int, ...], ...]:
        """The cards each seat bought this round."""
        return self.state.owned

    @property
    def table(self) -> tuple[int, ...]:
        """The unowned cards laid this round."""
        return self.state.table

    @property
    def discard(self) -> list[int]:
        """The cards of earlier rounds."""
        return self.state.discard

    @property
    def phase(self) -> int:
        """The phase of the round flow (``flow.LEAD``, ``AUCTION``, ``FLIPPING``, ``OVER``)."""
        return self.state.phase

    @property
    def turn(self) -> int:
        """The seat to lead, or that led last."""
        return self.state.turn

    @property
    def lot(self) -> Lot | None:
        """The lot under the hammer."""
        return self.state.lot

    @property
    def flipper(self) -> int:
        """The seat deciding on a dummy card."""
        return self.state.flipper

    @property
    def resume(self) -> int:
        """The seat that leads after the dummy card."""
        return self.state.resume

    @property
    def last_card_player(self) -> int:
        """Who laid the last card."""
        return self.state.last_card_player

    @property
    def last_auctioneer(self) -> int:
        """Who auctioned last."""
        return self.state.last_auctioneer

    @property
    def dummy_next(self) -> int:
        """Which dummy hand is turned over next."""
        return self.state.dummy_next

    @property
    def bank_in(self) -> int:
        """The money paid to the bank."""
        return self.state.bank_in

    @property
    def bank_out(self) -> int:
        """The money the bank paid out."""
        return self.state.bank_out

    @property
    def money_total(self) -> int:
        """The money in play at the start."""
        return self.state.money_total

    @property
    def sales(self) -> tuple[tuple[int, int, int], ...]:
        """``(round, buyer, price)`` of every sale."""
        return self.state.sales

    @property
    def paintings(self) -> tuple[int, ...]:
        """The paintings each seat acquired over the game."""
        return self.state.paintings

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        return self.state.outcome

    @property
    def alone(self) -> tuple[tuple[int, ...], ...]:
        """``alone[s] == (s,)``."""
        return self.state.alone

    @property
    def start(self) -> dict[str, Any]:
        """The position the game started from, for its record."""
        return self.state.start

    @property
    def start_extra(self) -> list[int]:
        """The cards on the table or owned in the starting position."""
        return self.state.start_extra

    @property
    def rng(self) -> random.Random:
        """The game's own random generator."""
        return self.state.rng
