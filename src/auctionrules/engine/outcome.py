"""How a game ended: an :class:`Outcome` value with a :class:`Reason`."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs


class Reason(enum.Enum):
    """Why the game is over."""

    ROUNDS_COMPLETE = "rounds-complete"
    """Every round of the ruleset was played and scored."""

    HANDS_EXHAUSTED = "hands-exhausted"
    """Every player's hand ran out before a round ended on cards, and
    ``round_end.hands_exhausted.then`` is ``end-game`` (or it was the last round)."""

    NO_PLAYABLE_CARD = "no-playable-card"
    """Nobody could lead a card although some players held cards (only doubles without a
    companion, under ``lead_requires_companion``), and ``round_end.no_playable_card`` is
    ``end-game``."""


@attrs.frozen
class Outcome:
    """The end of a game: why, the money of each seat, the winners and the board.

    ``winners`` holds every richest seat when ``winner.ties`` is ``shared``, and is
    empty on a tie when it is ``none`` (after ``winner.tie_break``, if any).
    ``board[r][a]`` is the value placed in round ``r`` (0-based) for artist ``a`` in
    board order.
    """

    reason: Reason
    cash: tuple[int, ...]
    winners: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]
    rounds_played: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return {
            "reason": self.reason.value,
            "cash": list(self.cash),
            "winners": list(self.winners),
            "board": [list(row) for row in self.board],
            "rounds_played": self.rounds_played,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """The inverse of :meth:`to_dict`."""
        return cls(
            Reason(data["reason"]),
            tuple(data["cash"]),
            tuple(data["winners"]),
            tuple(tuple(r) for r in data["board"]),
            int(data["rounds_played"]),
        )


def winners(
    cash: tuple[int, ...],
    shared: bool,
    sales: Sequence[tuple[int, int, int]] | None = None,
    paintings: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The richest seats; with ``shared`` false, none on a tie.

    With ``sales`` (``(round, buyer, price)`` of every lot bought, the
    ``most-purchases`` tie-break), a tie for most money goes to the tied seat that
    bought the most lots; with ``paintings`` (the paintings each seat acquired over
    the game, the ``most-paintings`` tie-break), to the tied seat that acquired the
    most paintings; ``shared`` settles a tie that remains.
    """
    best = max(cash)
    top = tuple(p for p, c in enumerate(cash) if c == best)
    if sales is not None and len(top) > 1:
        bought = Counter(buyer for _, buyer, _ in sales)
        most = max(bought[p] for p in top)
        top = tuple(p for p in top if bought[p] == most)
    if paintings is not None and len(top) > 1:
        most = max(paintings[p] for p in top)
        top = tuple(p for p in top if paintings[p] == most)
    return top if shared or len(top) == 1 else ()
