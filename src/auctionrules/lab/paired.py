"""What a comparison knows beyond two summaries: its games come in pairs.

Game *i* under A and game *i* under B have the same seed, so the same deal and
the same agents in the same seats; the figures of one game (who won, each seat's
money, the margin, the length) are compared within the pair, which removes what
the deal alone decides from the noise. Seat win rates are tested with McNemar's
test, money, margins and lengths with the paired t-test (:mod:`.stats`); the
figures that are not one per game (prices, shares of lots) keep the unpaired
tests of the two summaries.
"""

from __future__ import annotations

from collections import Counter

from auctionrules.lab.result import GameResult


class Pairs:
    """Running tallies of the pairs of results (:meth:`add`)."""

    def __init__(self, players: int) -> None:
        self.games = 0
        #: ``(won under A only, won under B only)`` per seat.
        self.discordant = [[0, 0] for _ in range(players)]
        #: B - A of every seat's final money, the winner's margin, the rounds, the lots.
        self.money: Counter[int] = Counter()
        self.margin: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.lots: Counter[int] = Counter()

    def add(self, a: GameResult, b: GameResult) -> None:
        """Count the pair of game ``a.index`` (B's the same game)."""
        if (a.index, a.seed) != (b.index, b.seed):
            raise ValueError(f"game {a.index} (seed {a.seed}) paired with game {b.index}")
        self.games += 1
        for seat, (cash_a, cash_b) in enumerate(zip(a.cash, b.cash, strict=True)):
            won_a, won_b = seat in a.winners, seat in b.winners
            if won_a != won_b:
                self.discordant[seat][won_b] += 1
            self.money[cash_b - cash_a] += 1
        self.margin[b.margin - a.margin] += 1
        self.rounds[b.rounds - a.rounds] += 1
        self.lots[b.lots - a.lots] += 1
