"""``compare(A, B, ...)``: the same games under two rulesets, figure by figure, with tests.

Both rulesets play the same game indices with the same seeds and the same agents
in the same seats, so every difference comes from the rules (and chance, which
the tests measure). Each figure of the two summaries is set side by side with
the difference B - A and a two-sided p-value: a two-proportion z-test for rates
(win rates, shares), Welch's t-test for means (:mod:`.stats`). With dozens of
figures some would look significant by chance alone at 5 %, so each row also
says whether it survives Holm's correction for all the rows together.

>>> from auctionrules.lab import compare
>>> result = compare("hig-1992-en", "hig-1992-fr", players=4, games=20, seed=1).summary()
>>> result.a.games, result.b.games
(20, 20)
>>> result.diff.identical
False
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from auctionrules.agents import AgentSpec
from auctionrules.lab.backends import Backend, Serial
from auctionrules.lab.playing import Shard, play_shard
from auctionrules.lab.result import GameResult
from auctionrules.lab.runner import ProgressHook, make_backend, shard_size
from auctionrules.lab.seeds import shards
from auctionrules.lab.setup import Plan, RunFailedError, SimulationError
from auctionrules.lab.stats import Significance, moments, two_proportions, welch
from auctionrules.lab.summary import Summary
from auctionrules.model import Ruleset
from auctionrules.rulebook.diff import RulesDiff, diff


@attrs.frozen
class Row:
    """One figure under A and under B, and the test of their difference."""

    section: str
    figure: str
    kind: str  # "rate" (shown as %) or "mean"
    a: float
    b: float
    test: Significance
    holm: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "section": self.section, "figure": self.figure, "kind": self.kind,
            "a": self.a, "b": self.b, "difference": self.test.difference,
            "statistic": self.test.statistic, "p": self.test.p,
            "significant": self.test.significant(), "significant_holm": self.holm,
        }


@attrs.frozen
class ComparisonSummary:
    """The two summaries, the rules that differ and the rows of figures."""

    a: Summary
    b: Summary
    diff: RulesDiff
    rows: tuple[Row, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``auctionrules compare --format json``)."""
        return {
            "diff": self.diff.to_dict(),
            "rows": [row.to_dict() for row in self.rows],
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
        }


def play_pair(plan_a: Plan, plan_b: Plan, indices: range) -> tuple[Shard, Shard]:
    """The shard under both plans (one task, so both sides run wherever it lands)."""
    return play_shard(plan_a, indices), play_shard(plan_b, indices)


class Comparison:
    """Iterate for the pairs of results (same index and seed); :meth:`summary` for
    the comparison."""

    def __init__(
        self,
        plan_a: Plan,
        plan_b: Plan,
        games: int,
        backend: Backend | None = None,
        *,
        lang: str = "en",
        progress: ProgressHook | None = None,
    ) -> None:
        if games < 1:
            raise SimulationError(f"games must be at least 1, not {games}")
        if plan_a.players != plan_b.players or plan_a.agents != plan_b.agents:
            raise SimulationError("both sides of a comparison need the same players and agents")
        self.plan_a, self.plan_b, self.games = plan_a, plan_b, games
        self.backend = backend or Serial()
        self.diff = diff(plan_a.ruleset, plan_b.ruleset, lang)
        self.progress = progress
        self.a = Summary(plan_a.players, {**plan_a.header(), "games": games})
        self.b = Summary(plan_b.players, {**plan_b.header(), "games": games})
        self._iterator: Iterator[tuple[GameResult, GameResult]] | None = None

    def __iter__(self) -> Iterator[tuple[GameResult, GameResult]]:
        if self._iterator is not None:
            raise SimulationError("a comparison runs once; make a new one to run again")
        self._iterator = self._run()
        return self._iterator

    def _run(self) -> Iterator[tuple[GameResult, GameResult]]:
        work = functools.partial(play_pair, self.plan_a, self.plan_b)
        size = shard_size(self.games, getattr(self.backend, "workers", 1))
        done = 0
        for shard_a, shard_b in self.backend.map(work, shards(0, self.games, size)):
            for result_a, result_b in zip(shard_a.results, shard_b.results, strict=False):
                self.a.add(result_a)
                self.b.add(result_b)
                done += 1
                yield result_a, result_b
            if self.progress is not None:
                self.progress(done, self.games)
            for side, shard in (("A", shard_a), ("B", shard_b)):
                if shard.failure is not None:
                    raise RunFailedError(f"{side}: {shard.failure}")

    def summary(self) -> ComparisonSummary:
        """The comparison of every game, playing those not yet played."""
        for _ in self._iterator if self._iterator is not None else iter(self):
            pass
        return ComparisonSummary(self.a, self.b, self.diff, holm(rows(self.a, self.b)))


def compare(
    a: str | Path | Ruleset,
    b: str | Path | Ruleset,
    players: int,
    games: int,
    agents: str | Sequence[str | AgentSpec] = ("random",),
    *,
    seed: int = 0,
    modules: Sequence[str] = (),
    jobs: int = 1,
    rotate: bool = True,
    dask: str | None = None,
    lang: str = "en",
    progress: ProgressHook | None = None,
) -> Comparison:
    """``games`` games of ``a`` and the same games of ``b`` (see :func:`simulate
    <auctionrules.lab.simulate>` for the arguments; ``modules`` apply to both)."""
    plan_a = Plan.make(a, players, agents, seed=seed, modules=modules, rotate=rotate)
    plan_b = Plan.make(b, players, agents, seed=seed, modules=modules, rotate=rotate)
    return Comparison(
        plan_a, plan_b, games, make_backend(jobs, dask), lang=lang, progress=progress
    )


# --- the rows -------------------------------------------------------------------------------


def rows(a: Summary, b: Summary) -> list[Row]:
    """Every figure the two summaries share, in the order of the simulate summary."""
    out: list[Row] = []

    def rate(section: str, figure: str, a_of: tuple[int, int], b_of: tuple[int, int]) -> None:
        (wins_a, n_a), (wins_b, n_b) = a_of, b_of
        if n_a or n_b:
            out.append(Row(section, figure, "rate", wins_a / n_a if n_a else 0.0,
                           wins_b / n_b if n_b else 0.0, two_proportions(wins_a, n_a, wins_b, n_b)))

    def mean(section: str, figure: str, tally_a: Any, tally_b: Any) -> None:
        ma, mb = moments(tally_a), moments(tally_b)
        if ma.n or mb.n:
            out.append(Row(section, figure, "mean", ma.mean, mb.mean, welch(ma, mb)))

    several = len(a.agent_seats) > 1  # (one agent's rate is always 1 / players)
    for agent in _common(a.agent_seats, b.agent_seats) if several else ():
        rate("win rate", agent, (a.agent_wins[agent], a.agent_seats[agent]),
             (b.agent_wins[agent], b.agent_seats[agent]))
    for seat in range(a.players):
        rate("win rate", f"seat {seat}", (a.seat_wins[seat], a.games),
             (b.seat_wins[seat], b.games))
    mean("money", "final money", a.money(), b.money())
    for agent in _common(a.agent_money, b.agent_money) if several else ():
        mean("money", f"final money of {agent}", a.agent_money[agent], b.agent_money[agent])
    mean("money", "winner's margin", a.margin, b.margin)
    mean("length", "rounds", a.rounds, b.rounds)
    mean("length", "lots", a.lots, b.lots)
    sold_a, sold_b = sum(a.sold.values()), sum(b.sold.values())
    for kind in _common(a.sold, b.sold, union=True):
        rate("auctions", f"share of {kind}", (a.sold[kind], sold_a), (b.sold[kind], sold_b))
        mean("auctions", f"price of {kind}", a.prices.get(kind, {}), b.prices.get(kind, {}))
    for number in _common(a.round_ends, b.round_ends, union=True):
        on_cards = (
            summary.round_ends.get(number, Counter())["artist-cards"] for summary in (a, b)
        )
        rate("round ends", f"round {number} ends on an artist's last card",
             (next(on_cards), a.games), (next(on_cards), b.games))
    for artist in _common(a.final_values, b.final_values):
        mean("artists", f"final value of {artist}", a.final_values[artist],
             b.final_values[artist])
    return out


def _common(a: Any, b: Any, union: bool = False) -> list[Any]:
    keys = list(a) + [k for k in b if k not in a] if union else [k for k in a if k in b]
    return sorted(keys) if keys and all(isinstance(k, int) for k in keys) else keys


def holm(found: list[Row], alpha: float = 0.05) -> tuple[Row, ...]:
    """The rows, each marked whether it stays significant under Holm's step-down
    correction for all of them together.

    S. Holm, "A simple sequentially rejective multiple test procedure",
    Scandinavian Journal of Statistics 6 (1979) 65-70: with the m p-values in
    increasing order, reject while p_(k) <= alpha / (m - k + 1) (k from 1).
    """
    order = sorted(range(len(found)), key=lambda i: found[i].test.p)
    keep = set()
    for k, i in enumerate(order):
        if found[i].test.p > alpha / (len(found) - k):
            break
        keep.add(i)
    return tuple(attrs.evolve(row, holm=i in keep) for i, row in enumerate(found))
