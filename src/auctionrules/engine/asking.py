"""Asking a seat: the question a decision puts, and the one way it is put.

A :class:`Question` is what a seat may do at one decision: the discrete moves, the
amount ranges, and the rule that withholds a move the seat might expect (the
auctioneer barred from their own lot, a price above the buyer's cash...). Each
auction type (:mod:`auctionrules.engine.auctions`) writes its questions once;
:meth:`Asking.chosen` puts one to the seat's
:class:`~auctionrules.engine.agents.ChoiceAgent` as plain questions, and a seat
without one is asked by suspending the decisions generator with the
:class:`~auctionrules.engine.legal.Legal` made from it (``Question.legal``); and a
refused action is told why from the same question (:mod:`.refusals`). So what is
legal, what a random rollout may choose and why anything else is refused are one
writing.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Union

from auctionrules.engine.actions import Action
from auctionrules.engine.agents import ChoiceAgent, choose
from auctionrules.engine.history import PerSeat, round_entries
from auctionrules.engine.legal import Legal, Span
from auctionrules.engine.money import Bidding

if TYPE_CHECKING:
    from auctionrules.engine.state import State

#: What a suspended generator waits for: one seat's legal moves, or the seats yet to
#: make a sealed bid (any of them may).
Pending = Union[Legal, tuple[int, ...]]  # noqa: UP007 - a runtime alias
#: What it receives: the seat and its action.
Answer = tuple[int, Action]
Decisions = Generator[Pending, Answer, None]


class Question:
    """What a seat may do at one decision (see the module docstring). Immutable by
    convention (slotted, never mutated; a plain class: one is made at every decision).

    ``limited``: a limit may be said in place of a bid (its range is :attr:`limit`,
    made only when read: a choice agent is never offered one). ``note``: the rule
    that withholds a move the seat might expect here, said when such a move is
    refused (``None``: nothing is withheld).
    """

    __slots__ = ("actions", "bid", "limited", "note", "price")

    def __init__(
        self,
        actions: tuple[Action, ...],
        bid: Span | None = None,
        price: Span | None = None,
        limited: bool = False,
        note: str | None = None,
    ) -> None:
        self.actions = actions
        self.bid = bid
        self.price = price
        self.limited = limited
        self.note = note

    @property
    def limit(self) -> Span | None:
        """The range of a limit the seat may say (``None``: none)."""
        return Bidding.limits(self.bid) if self.limited else None

    def legal(self, seat: int) -> Legal:
        """The question as the :class:`Legal` of ``seat``."""
        return Legal(seat, self.actions, self.bid, self.price, self.limit)


class Asking:
    """What every decision of one generator reads: the state, who answers for each
    seat, the history, and the current round's shared entries
    (:func:`~auctionrules.engine.history.round_entries`)."""

    __slots__ = (
        "buy_of", "chooser", "empty_fist_of", "game", "number", "pass_of", "play_of", "raw",
    )

    def __init__(self, game: State, chooser: list[ChoiceAgent | None]) -> None:
        self.game = game
        self.chooser = chooser
        self.raw = game._raw
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
                number, self.game.n, self.game.rules.codec.names
            )

    def chosen(self, seat: int, question: Question) -> Action | None:
        """``seat``'s choice agent's answer to ``question``, asked the plain questions;
        ``None`` for a seat without one, which the generator then asks by suspending
        on the question's :class:`Legal` (the caller checks the action against it)."""
        agent = self.chooser[seat]
        if agent is None:
            return None
        return choose(agent, question.actions, question.bid, question.price)
