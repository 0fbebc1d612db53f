"""Why an action is refused: the message of the error an illegal action raises.

The step API checks an action against the decision the game waits for, which
answers yes or no; only a refused action comes here, to be told why. The reason is
read off the same :class:`~auctionrules.engine.asking.Question` the legal moves
come from (:func:`~auctionrules.engine.decisions.question`): an amount outside its
range, a move it does not offer and the rule that withholds it (its ``note``), a
card that is not in the hand. Nothing here decides legality a second time.
"""

from __future__ import annotations

from typing import NoReturn

from auctionrules.engine.actions import Action, AmountAction, Bid, CardAction, Limit, Price
from auctionrules.engine.asking import Question
from auctionrules.engine.decisions import question
from auctionrules.engine.errors import GameOverError, IllegalActionError
from auctionrules.engine.flow import OVER
from auctionrules.engine.state import State


def refuse(state: State, to_act: tuple[int, ...], action: Action, seat: int | None) -> NoReturn:
    """Raise the error that says why ``action`` by ``seat`` is refused (``to_act``:
    the seats that must act)."""
    text = repr(str(action))
    if state.phase == OVER:
        raise GameOverError(f"{text}: the game is over")
    if seat is None:
        raise IllegalActionError(f"{text}: several seats must act ({to_act}); say which")
    if seat not in to_act:
        raise IllegalActionError(f"{text}: it is not seat {seat}'s turn (to act: {to_act})")
    raise IllegalActionError(f"{text} by seat {seat}: {why_not(state, seat, action)}")


def why_not(state: State, seat: int, action: Action) -> str:
    """Why ``seat``, which is to act, may not take ``action``: read off its question."""
    asked = question(state, seat)
    reasons = []
    if isinstance(action, AmountAction):
        kind = "bid" if type(action) is Bid else "price" if type(action) is Price else (
            "limit" if type(action) is Limit else "amount"
        )
        span = asked.bid if kind == "bid" else asked.price if kind == "price" else (
            asked.limit if kind == "limit" else None
        )
        if span is not None:
            lo, hi, step = span
            return f"a {kind} must be from {lo} to {hi} in steps of {step}"
        reasons.append(f"no {kind} now")
    elif isinstance(action, CardAction):
        code = state.rules.codec.code(action.card)
        if code not in state.hands[seat]:
            reasons.append(f"{action.card} is not in the hand")
    if asked.note is not None:
        reasons.append(asked.note)
    return f"{'; '.join(reasons) or 'not one of the moves now'} (legal: {offered(asked)})"


def offered(asked: Question) -> str:
    """What the question offers, in words."""
    parts = [str(a) for a in asked.actions]
    for name, span in (("bid", asked.bid), ("price", asked.price), ("limit", asked.limit)):
        if span is not None:
            parts.append("{} {}..{} step {}".format(name, *span))
    return ", ".join(parts) or "nothing"
