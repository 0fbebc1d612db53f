"""Seat arithmetic, written once: who sits on whose left, and the speaking orders.

Seats are numbered 0 to ``n - 1`` going left round the table.
"""

from __future__ import annotations

from functools import cache


def left_of(seat: int, n: int, k: int = 1) -> int:
    """The seat ``k`` places to the left of ``seat``."""
    return (seat + k) % n


@cache
def from_left_of(seat: int, n: int) -> tuple[int, ...]:
    """Every seat from ``seat``'s left round the table, ``seat`` last: the speaking
    order of an auction run by ``seat``."""
    return tuple([(seat + k) % n for k in range(1, n + 1)])


@cache
def from_seat(seat: int, n: int) -> tuple[int, ...]:
    """Every seat from ``seat`` round the table, ``seat`` first."""
    return tuple([(seat + k) % n for k in range(n)])
