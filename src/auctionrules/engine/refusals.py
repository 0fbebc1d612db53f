"""Why an action is refused: the message of the error an illegal action raises.

The step API checks an action against the decision the game waits for, which
answers yes or no; only a refused action comes here, to be told why (the game is
over, not this seat's turn, a card not in the hand, a bid out of range...). The
auction types say why for their own moves (``check``).
"""

from __future__ import annotations

from typing import NoReturn

from auctionrules.engine.actions import Action, Flip, Pass, Play
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.errors import GameOverError, IllegalActionError
from auctionrules.engine.flow import FLIPPING, LEAD, OVER
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
    reason = why_not(state, seat, action) or "not legal now"
    raise IllegalActionError(f"{text} by seat {seat}: {reason}")


def why_not(state: State, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` in its phase, or ``None`` if nothing in
    the phase's rules forbids it."""
    phase = state.phase
    if phase == LEAD:
        if not isinstance(action, Play):
            return "seat must lead a card: play ARTIST/TYPE"
        code = state.rules.codec.code(action.card)
        if code not in state.hands[seat]:
            return f"{action.card} is not in the hand"
        if code not in state.leadable(seat):
            return "a double may be led only with a second card of its artist in hand"
        return None
    if phase == FLIPPING:
        return None if isinstance(action, (Flip, Pass)) else "flip or pass"
    lot = state.lot
    assert lot is not None
    return AUCTIONS[lot.kind].check(state, lot, seat, action)
