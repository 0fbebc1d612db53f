"""The decisions of a game, written once: who is asked what, and what the answer does.

:func:`decisions` is a generator that plays a game on from its current state,
decision after decision. It asks for a lead and a dummy card flip itself, and
hands a lot under the hammer to its auction type (:meth:`Auction.run
<auctionrules.engine.auctions.base.Auction.run>`, ``yield from``), which asks the
seats in its own order and returns how the lot is settled; the round flow
(:mod:`.flow`) carries that out. Every decision is a
:class:`~auctionrules.engine.asking.Question`, put to the seat's
:class:`~auctionrules.engine.agents.ChoiceAgent` as plain questions
(:meth:`Asking.chosen <auctionrules.engine.asking.Asking.chosen>`), or for a seat
without one (``None``) by suspending: the generator yields what the seat may do (a
:class:`~auctionrules.engine.legal.Legal`, or for sealed bids the seats yet to bid)
and receives ``(seat, action)``.

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
can be made afresh from any state: a clone, a pickle, a determinized game.

Every answer is logged where it is taken (here, or in its auction type), each
entry made by its constructor in :mod:`auctionrules.engine.history`; those that
name only a seat and a card are made once and shared
(:func:`~auctionrules.engine.history.round_entries`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from auctionrules.engine.actions import FLIP, PASS, Flip
from auctionrules.engine.agents import ChoiceAgent
from auctionrules.engine.asking import Answer, Asking, Decisions, Pending, Question
from auctionrules.engine.auctions import AUCTIONS, Added
from auctionrules.engine.cards import auction_of
from auctionrules.engine.flow import (
    AUCTION,
    FLIPPING,
    LEAD,
    OVER,
    card_laid,
    flip_or_pass,
    place_second,
    settle,
    take_from_hand,
)
from auctionrules.engine.legal import place_of
from auctionrules.engine.lot import Lot

if TYPE_CHECKING:
    from auctionrules.engine.state import State

__all__ = ["Answer", "Decisions", "Pending", "decisions", "question"]

#: The flipper's question (questions are immutable: the constant ones are made once).
_FLIPPING: Final = Question((FLIP, PASS))
_COMPANION: Final = "a double may be led only with a second card of its artist in hand"


def question(game: State, seat: int) -> Question:
    """What ``seat`` may do now, in any phase (it is asked, or, in a sealed auction,
    may bid): the one writing of the game's legality."""
    phase = game.phase
    if phase == LEAD:
        return _leads(game, seat)[1]
    if phase == FLIPPING:
        return _FLIPPING
    lot = game.lot
    assert lot is not None
    return AUCTIONS[lot.kind].question(game, lot, seat)


def _leads(game: State, seat: int) -> tuple[list[int], Question]:
    """The codes ``seat`` may lead, and the question of leading one of them (under the
    companion rule, a double only with a second card of its artist)."""
    plays = game._plays
    if game._companion_rule:
        codes = game.leadable(seat)
        return codes, Question(tuple([plays[c] for c in codes]), note=_COMPANION)
    codes = game.distinct[seat]
    return codes, Question(tuple([plays[c] for c in codes]))


def decisions(game: State, chooser: list[ChoiceAgent | None]) -> Decisions:
    """Play ``game`` on, asking ``chooser[seat]`` (or, for ``None``, the caller: see
    the module docstring) at every decision, until the game is over."""
    ask = Asking(game, chooser)
    while True:
        phase = game.phase
        ask.at_round(game.round + 1)
        if phase == LEAD:
            yield from lead(ask)
        elif phase == FLIPPING:
            seat = game.flipper
            question = _FLIPPING
            action = ask.chosen(seat, question)
            if action is None:  # (no choice agent: the caller answers)
                _, action = yield question.legal(seat)
            flip_or_pass(game, seat, type(action) is Flip)
        elif phase == OVER:
            return
        else:  # AUCTION: the lot under the hammer, from wherever it stands
            lot = game.lot
            assert lot is not None
            result = yield from AUCTIONS[lot.kind].run(ask, lot)
            if type(result) is Added:  # the lot goes on as the second card's type
                if place_second(game, lot, result.seat, result.code):
                    start(game, lot)
            elif result is not None:
                settle(game, lot, result)


def lead(ask: Asking) -> Decisions:
    """The seat to lead lays a card: it leaves the hand and opens a lot, unless it ends
    the round."""
    game = ask.game
    seat = game.turn
    codes, question = _leads(game, seat)
    action = ask.chosen(seat, question)
    if action is None:  # (no choice agent: the caller answers)
        _, action = yield question.legal(seat)
    code = codes[place_of(action, question.actions)]  # (checked against the question)
    # the card leaves the hand (and the index of distinct cards) and opens a lot
    take_from_hand(game, seat, code)
    raw = ask.raw
    raw.append(ask.play_of[seat][code])
    game.lot = led = Lot(game.n, seat, code, game._played_as[auction_of(code)])
    game.last_card_player = game.last_auctioneer = seat
    if not card_laid(game, seat, code):  # (else the card ended the round)
        game.phase = AUCTION
        start(game, led)


def start(game: State, lot: Lot) -> None:
    """Open ``lot``'s auction by its type; one that nobody may bid in (a broke
    auctioneer keeping the lot...) is settled at once."""
    settled = AUCTIONS[lot.kind].start(game, lot)
    if settled is not None:
        settle(game, lot, settled)
