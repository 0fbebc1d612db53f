"""What a comparison knows beyond two summaries: its games come in pairs.

Game *i* under A and game *i* under B have the same seed, so the same deal and
the same agents in the same seats; every figure is compared within the pair,
which removes what the deal alone decides from the noise, and at the unit it
is measured on:

- what each game decides once (a seat's win, whether round *r* ends on an
  artist's last card) by McNemar's test of the games where it happened under
  one ruleset only;
- what each game decides as a number (money, the winner's margin, the length,
  an artist's final value; an agent's wins and money summed over its seats) by
  the paired t-test of the per-game differences;
- what each lot decides (the share of an auction type, its price) by a
  cluster bootstrap that resamples whole pairs of games (:mod:`.bootstrap`), as
  the lots of one game are not independent of each other.
"""

from __future__ import annotations

from auctionrules.lab.bootstrap import LotClusters
from auctionrules.lab.result import GameResult
from auctionrules.lab.stats import PairedMoments


class PairedTally:
    """Running exact sums of one paired figure (one pair of values per game)."""

    def __init__(self) -> None:
        self.n = 0
        self.a = self.b = self.aa = self.bb = self.ab = 0

    def add(self, a: int, b: int) -> None:
        """Count game values ``a`` (under A) and ``b`` (under B)."""
        self.n += 1
        self.a += a
        self.b += b
        self.aa += a * a
        self.bb += b * b
        self.ab += a * b

    def moments(self) -> PairedMoments:
        """The sums, frozen."""
        return PairedMoments(self.n, self.a, self.b, self.aa, self.bb, self.ab)


class Pairs:
    """Running tallies of the pairs of results (:meth:`add`)."""

    def __init__(self, players: int) -> None:
        self.games = 0
        #: ``[won under A only, won under B only]`` per seat.
        self.discordant = [[0, 0] for _ in range(players)]
        #: ``[under A only, under B only]`` per round number: the round ended on a last card.
        self.round_ends: dict[int, list[int]] = {}
        #: Money summed over the seats, the winner's margin, the rounds, the lots.
        self.money = PairedTally()
        self.margin = PairedTally()
        self.rounds = PairedTally()
        self.lots = PairedTally()
        #: Per agent, summed over the seats it holds in a game: wins, money, margins.
        self.agent_wins: dict[str, PairedTally] = {}
        self.agent_money: dict[str, PairedTally] = {}
        self.agent_margin: dict[str, PairedTally] = {}
        #: Per artist both themes have: its final value.
        self.final_values: dict[str, PairedTally] = {}
        self.lots_of = LotClusters()

    def add(self, a: GameResult, b: GameResult) -> None:
        """Count the pair of game ``a.index`` (B's the same game)."""
        if (a.index, a.seed) != (b.index, b.seed):
            raise ValueError(f"game {a.index} (seed {a.seed}) paired with game {b.index}")
        self.games += 1
        for seat in range(len(a.cash)):
            won_a, won_b = seat in a.winners, seat in b.winners
            if won_a != won_b:
                self.discordant[seat][won_b] += 1
        self.money.add(sum(a.cash), sum(b.cash))
        self.margin.add(a.margin, b.margin)
        self.rounds.add(a.rounds, b.rounds)
        self.lots.add(a.lots, b.lots)
        for agent, (wins_a, wins_b, cash_a, cash_b, margin_a, margin_b) in _by_agent(a, b).items():
            self.agent_wins.setdefault(agent, PairedTally()).add(wins_a, wins_b)
            self.agent_money.setdefault(agent, PairedTally()).add(cash_a, cash_b)
            self.agent_margin.setdefault(agent, PairedTally()).add(margin_a, margin_b)
        for number in range(1, max(len(a.round_ends), len(b.round_ends)) + 1):
            on_a, on_b = (_on_last_card(r, number) for r in (a, b))
            if on_a != on_b:
                self.round_ends.setdefault(number, [0, 0])[on_b] += 1
        for artist, values_a in a.values.items():
            values_b = b.values.get(artist)
            if values_b is not None:
                self.final_values.setdefault(artist, PairedTally()).add(
                    values_a[-1] if values_a else 0, values_b[-1] if values_b else 0
                )
        self.lots_of.add(a, b)


def _on_last_card(result: GameResult, number: int) -> bool:
    return len(result.round_ends) >= number and result.round_ends[number - 1] == "artist-cards"


def _by_agent(a: GameResult, b: GameResult) -> dict[str, tuple[int, int, int, int, int, int]]:
    """Per agent: wins, money and margins over the best rival, summed over its seats."""
    out: dict[str, list[int]] = {}
    margins = [_margins(a), _margins(b)]
    for seat, agent in enumerate(a.agents):
        row = out.setdefault(agent, [0] * 6)
        row[0] += seat in a.winners
        row[1] += seat in b.winners
        row[2] += a.cash[seat]
        row[3] += b.cash[seat]
        row[4] += margins[0][seat]
        row[5] += margins[1][seat]
    return {agent: (r[0], r[1], r[2], r[3], r[4], r[5]) for agent, r in out.items()}


def _margins(result: GameResult) -> list[int]:
    """Each seat's money minus the best rival's (as :class:`~.summary.Summary` counts it)."""
    top = sorted(result.cash, reverse=True)[:2]
    return [
        cash - (top[1] if cash == top[0] and len(top) > 1 else top[0]) for cash in result.cash
    ]
