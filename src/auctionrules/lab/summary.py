"""The summary of a simulation: running tallies, flat in memory whatever the number of games.

Distributions are kept as value counts (money and prices are multiples of the
bid unit, so their distinct values are few), which gives exact means,
spreads, quantiles and the report's histograms without keeping the games.

A win counts for every seat in ``winners`` (several on a shared tie, none on a
tie under ``winner.ties: none``). An agent's win rate is per seat it held: an
agent in three seats of 1,000 games has 3,000 chances, so every rate compares
with the same chance level, ``1 / players``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from auctionrules.lab.goodness import Fit, even_fit
from auctionrules.lab.result import GameResult
from auctionrules.lab.stats import Moments, moments, quantile, wilson


@attrs.frozen
class Frame:
    """What the ruleset promises a game, against which its games are read: the
    rounds it lasts, the money each player starts with, the cards each hand is dealt
    per round (a report says "round 5 is skipped", not just "4.97 rounds")."""

    rounds: int
    starting_cash: int
    deal: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"rounds": self.rounds, "starting_cash": self.starting_cash,
                "deal": list(self.deal)}


class Summary:
    """Tallies of the games added so far (:meth:`add`), and what they say (:meth:`to_dict`)."""

    def __init__(
        self,
        players: int,
        settings: dict[str, Any] | None = None,
        names: dict[str, str] | None = None,
        frame: Frame | None = None,
    ) -> None:
        self.players = players
        #: The ruleset's rounds and money (``None``: unknown, as for a bare tally).
        self.frame = frame
        self.settings = dict(settings or {})
        #: Artist id -> the name the theme gives it (reports name artists, not ids).
        self.names = dict(names or {})
        self.games = 0
        self.seat_wins = [0] * players
        self.seat_money: list[Counter[int]] = [Counter() for _ in range(players)]
        self.agent_seats: Counter[str] = Counter()
        self.agent_wins: Counter[str] = Counter()
        self.agent_money: dict[str, Counter[int]] = {}
        #: An agent's money minus the best rival's at the end, per seat it held.
        self.agent_margin: dict[str, Counter[int]] = {}
        self.ties = 0
        self.margin: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()
        self.lots: Counter[int] = Counter()
        self.unsold = 0
        self.sold: Counter[str] = Counter()
        self.prices: dict[str, Counter[int]] = {}
        self.round_ends: dict[int, Counter[str]] = {}
        self.reasons: Counter[str] = Counter()
        #: How games end: (reason, rounds played) -> games.
        self.endings: Counter[tuple[str, int]] = Counter()
        #: Cards never dealt at the end, in games that end before the last round.
        self.early_deck: Counter[int] = Counter()
        self.final_values: dict[str, Counter[int]] = {}
        self.top_artist: Counter[str] = Counter()
        #: ``value_sums[artist][r]``: sum of the artist's board total after round r + 1.
        self.value_sums: dict[str, list[int]] = {}
        self.scored_rounds: Counter[int] = Counter()

    def add(self, result: GameResult) -> None:
        """Count one game."""
        if result.players != self.players:
            raise ValueError(f"a {result.players}-player game in a {self.players}-player summary")
        self.games += 1
        winners = set(result.winners)
        if len(winners) != 1:
            self.ties += 1
        top = sorted(result.cash, reverse=True)[:2]
        for seat, (agent, cash) in enumerate(zip(result.agents, result.cash, strict=True)):
            rival = top[1] if cash == top[0] and len(top) > 1 else top[0]
            self.agent_margin.setdefault(agent, Counter())[cash - rival] += 1
            won = seat in winners
            self.seat_wins[seat] += won
            self.seat_money[seat][cash] += 1
            self.agent_seats[agent] += 1
            self.agent_wins[agent] += won
            self.agent_money.setdefault(agent, Counter())[cash] += 1
        self.margin[result.margin] += 1
        self.rounds[result.rounds] += 1
        self.lots[result.lots] += 1
        self.unsold += result.unsold
        self.reasons[result.reason] += 1
        self.endings[result.reason, result.rounds] += 1
        if result.rounds < self.planned_rounds() and result.deck is not None:
            self.early_deck[result.deck] += 1
        for kind, count in result.sold.items():
            self.sold[kind] += count
            self.prices.setdefault(kind, Counter()).update(result.prices.get(kind, ()))
        for number, reason in enumerate(result.round_ends, start=1):
            self.round_ends.setdefault(number, Counter())[reason] += 1
        best, best_value = None, -1
        for artist, totals in result.values.items():
            sums = self.value_sums.setdefault(artist, [])
            for r, total in enumerate(totals):
                if r == len(sums):
                    sums.append(0)
                sums[r] += total
            final = totals[-1] if totals else 0
            self.final_values.setdefault(artist, Counter())[final] += 1
            if final > best_value:
                best, best_value = artist, final
        if best is not None:
            self.top_artist[best] += 1
        rounds_scored = max((len(v) for v in result.values.values()), default=0)
        for r in range(rounds_scored):
            self.scored_rounds[r] += 1

    def name(self, artist: str) -> str:
        """The artist's name (its id if the theme is unknown)."""
        return self.names.get(artist, artist)

    def planned_rounds(self) -> int:
        """The rounds a game lasts when every round is played (the most played, if the
        ruleset is unknown)."""
        if self.frame is not None:
            return self.frame.rounds
        return max(self.rounds, default=0)

    def reached(self, number: int) -> float:
        """The share of games that play round ``number`` (from 1)."""
        played = sum(count for rounds, count in self.rounds.items() if rounds >= number)
        return played / self.games if self.games else 0.0

    def seat_balance(self) -> Fit:
        """Pearson's test of the seats' wins against an even share (:mod:`.goodness`):
        one test across the seats, not one a seat."""
        return even_fit(self.seat_wins)

    def seats_fixed(self) -> bool:
        """Whether each seat holds the same agent in every game (no rotation, or one
        agent everywhere): only then does a seat's win rate measure the seat."""
        agents = self.settings.get("agents", ())
        return not self.settings.get("rotate", True) or len(set(agents)) <= 1

    # --- what the tallies say ---------------------------------------------------------------

    def seat_rate(self, seat: int) -> tuple[float, tuple[float, float]]:
        """Seat ``seat``'s win rate and its 95 % Wilson interval."""
        return _rate(self.seat_wins[seat], self.games)

    def agent_rate(self, agent: str) -> tuple[float, tuple[float, float]]:
        """``agent``'s win rate per seat held and its 95 % Wilson interval."""
        return _rate(self.agent_wins[agent], self.agent_seats[agent])

    def money(self) -> Counter[int]:
        """Every seat's final money."""
        total: Counter[int] = Counter()
        for tally in self.seat_money:
            total.update(tally)
        return total

    def mean_values(self) -> dict[str, list[float]]:
        """Each artist's mean board total after each round (over the games that scored it)."""
        return {
            artist: [s / self.scored_rounds[r] for r, s in enumerate(sums)]
            for artist, sums in self.value_sums.items()
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything the summary says, JSON-able (``--format json``)."""
        n, games = self.players, self.games
        sold = sum(self.sold.values())
        first, (first_low, first_high) = self.seat_rate(0)
        return {
            "settings": self.settings,
            "games": games,
            "players": n,
            "chance": 1 / n,
            "agents": {
                agent: {
                    "seats": self.agent_seats[agent],
                    "wins": self.agent_wins[agent],
                    **_rate_dict(*self.agent_rate(agent)),
                    "money": _describe(self.agent_money[agent]),
                    "margin": _describe(self.agent_margin[agent]),
                }
                for agent in self.agent_seats
            },
            "seats": [
                {
                    "seat": seat,
                    "wins": self.seat_wins[seat],
                    **_rate_dict(*self.seat_rate(seat)),
                    "money": _describe(self.seat_money[seat]),
                }
                for seat in range(n)
            ],
            "first_seat_advantage": {
                "advantage": first - 1 / n,
                "ci": [first_low - 1 / n, first_high - 1 / n],
            },
            "seat_balance": attrs.asdict(self.seat_balance()),
            "ties": self.ties,
            "money": _describe(self.money()),
            "margin": _describe(self.margin),
            "rounds": {**_describe(self.rounds), "counts": _keyed(self.rounds)},
            "lots": _describe(self.lots),
            "unsold_per_game": self.unsold / games if games else 0.0,
            "auctions": {
                kind: {
                    "sold": self.sold[kind],
                    "share": self.sold[kind] / sold if sold else 0.0,
                    "price": _describe(self.prices[kind]),
                }
                for kind in sorted(self.sold)
            },
            "round_ends": {
                str(number): {
                    reason: count / games for reason, count in sorted(ends.items())
                }
                for number, ends in sorted(self.round_ends.items())
            },
            "game_ends": {reason: count / games for reason, count in sorted(self.reasons.items())},
            "endings": [
                {"reason": reason, "rounds": rounds, "share": count / games}
                for (reason, rounds), count in sorted(self.endings.items())
            ],
            "reached": {str(number): self.reached(number)
                        for number in range(1, self.planned_rounds() + 1)},
            "early_deck": _describe(self.early_deck) if self.early_deck else None,
            "rules": None if self.frame is None else self.frame.to_dict(),
            "artists": {
                artist: {
                    "final": _describe(self.final_values[artist]),
                    "top": self.top_artist[artist] / games if games else 0.0,
                    "by_round": means,
                }
                for artist, means in self.mean_values().items()
            },
        }


def _rate(wins: int, n: int) -> tuple[float, tuple[float, float]]:
    return (wins / n if n else 0.0, wilson(wins, n))


def _rate_dict(rate: float, interval: tuple[float, float]) -> dict[str, Any]:
    return {"rate": rate, "ci": list(interval)}


def _describe(tally: Counter[int]) -> dict[str, float]:
    m: Moments = moments(tally)
    return {
        "n": m.n,
        "mean": m.mean,
        "sd": m.sd,
        "median": quantile(tally, 0.5),
        "min": float(min(tally)) if tally else 0.0,
        "max": float(max(tally)) if tally else 0.0,
    }


def _keyed(tally: Counter[int]) -> dict[str, int]:
    return {str(key): tally[key] for key in sorted(tally)}
