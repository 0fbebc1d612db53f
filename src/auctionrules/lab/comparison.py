"""``compare(A, B, ...)``: the same games under two rulesets, figure by figure, with tests.

Both rulesets play the same game indices with the same seeds and the same agents
in the same seats, so every difference comes from the rules (and chance, which
the tests measure). Each figure of the two summaries is set side by side with
the difference B - A and a two-sided p-value: what each game decides (seat win
rates, money, margins, length) is tested within its pair of games, by
McNemar's test or the paired t-test; what lots decide (shares of auction types,
prices) by a cluster bootstrap over the pairs of games (:mod:`.paired`,
:mod:`.bootstrap`). Every difference comes with its 95 % confidence interval,
and every mean with its relative change B / A - 1. With dozens of
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
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from auctionrules.agents import AgentSpec
from auctionrules.lab.backends import Backend, Serial
from auctionrules.lab.bootstrap import bootstrap, price, share
from auctionrules.lab.paired import PairedTally, Pairs
from auctionrules.lab.plan import Plan, RunFailedError, SimulationError
from auctionrules.lab.playing import Shard, play_shard
from auctionrules.lab.result import GameResult
from auctionrules.lab.runner import ProgressHook, cut, make_backend
from auctionrules.lab.stats import Ratio, Significance, mcnemar, moments, paired_means
from auctionrules.lab.summary import Summary
from auctionrules.model import AUCTION_TYPES, Ruleset
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
    #: ``mcnemar``, ``paired-t`` or ``cluster-bootstrap`` (:mod:`.paired`).
    method: str = ""
    holm: bool = False
    #: B / A - 1 with its 95 % interval (means only).
    ratio: Ratio | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        ratio = self.ratio if self.ratio is not None and self.ratio.known() else None
        return {
            "section": self.section, "figure": self.figure, "kind": self.kind,
            "a": self.a, "b": self.b, "difference": self.test.difference,
            "ci": [_finite(self.test.low), _finite(self.test.high)],
            "relative": None if ratio is None else {
                "change": ratio.change, "ci": [ratio.low, ratio.high]
            },
            "statistic": _finite(self.test.statistic), "p": self.test.p,
            "method": self.method,
            "significant": self.test.significant(), "significant_holm": self.holm,
        }


def _finite(value: float) -> float | None:
    """JSON has no NaN or infinity: ``None`` for them."""
    return value if math.isfinite(value) else None


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
        self.a = Summary(
            plan_a.players, {**plan_a.header(), "games": games}, plan_a.artist_names(lang),
            plan_a.frame(),
        )
        self.b = Summary(
            plan_b.players, {**plan_b.header(), "games": games}, plan_b.artist_names(lang),
            plan_b.frame(),
        )
        self.pairs = Pairs(plan_a.players)
        self._iterator: Iterator[tuple[GameResult, GameResult]] | None = None

    def __iter__(self) -> Iterator[tuple[GameResult, GameResult]]:
        if self._iterator is not None:
            raise SimulationError("a comparison runs once; make a new one to run again")
        self._iterator = self._run()
        return self._iterator

    def _run(self) -> Iterator[tuple[GameResult, GameResult]]:
        work = functools.partial(play_pair, self.plan_a, self.plan_b)
        done = 0
        if self.progress is not None:
            self.progress(done, self.games)
        for shard_a, shard_b in self.backend.map(work, cut(0, self.games, self.backend)):
            for result_a, result_b in zip(shard_a.results, shard_b.results, strict=False):
                self.a.add(result_a)
                self.b.add(result_b)
                self.pairs.add(result_a, result_b)
                done += 1
                yield result_a, result_b
            if self.progress is not None:
                self.progress(done, self.games)
            if shard_a.interrupted or shard_b.interrupted:
                raise KeyboardInterrupt
            for side, shard in (("A", shard_a), ("B", shard_b)):
                if shard.failure is not None:
                    raise RunFailedError(f"{side}: {shard.failure}")

    def summary(self) -> ComparisonSummary:
        """The comparison of every game, playing those not yet played."""
        for _ in self._iterator if self._iterator is not None else iter(self):
            pass
        return ComparisonSummary(self.a, self.b, self.diff, holm(rows(self.a, self.b, self.pairs)))


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


def rows(a: Summary, b: Summary, pairs: Pairs) -> list[Row]:
    """Every figure the two summaries share, in the order of the simulate summary, each
    tested within ``pairs`` at the unit it is measured on (:mod:`.paired`)."""
    out: list[Row] = []

    def paired(section: str, figure: str, kind: str, values: tuple[float, float],
               tally: PairedTally | None, *, scale: float = 1.0) -> None:
        if tally is None or not tally.n:
            return
        test, ratio = paired_means(tally.moments(), scale)
        out.append(Row(section, figure, kind, *values, test, "paired-t",
                       ratio=None if kind == "rate" else ratio))

    def discordant(section: str, figure: str, value_a: float, value_b: float,
                   counts: list[int]) -> None:
        out.append(Row(section, figure, "rate", value_a, value_b,
                       mcnemar(counts[0], counts[1], pairs.games), "mcnemar"))

    several = len(a.agent_seats) > 1  # (one agent's rate is always 1 / players)
    for agent in _common(a.agent_seats, b.agent_seats) if several else ():
        per_game = a.agent_seats[agent] / a.games
        paired("win rate", agent, "rate", (a.agent_rate(agent)[0], b.agent_rate(agent)[0]),
               pairs.agent_wins.get(agent), scale=per_game)
    for seat in range(a.players):
        discordant("win rate", f"seat {seat}", a.seat_rate(seat)[0], b.seat_rate(seat)[0],
                   pairs.discordant[seat])
    paired("money", "final money", "mean", (moments(a.money()).mean, moments(b.money()).mean),
           pairs.money, scale=a.players)
    for agent in _common(a.agent_money, b.agent_money) if several else ():
        paired("money", f"final money of {agent}", "mean",
               (moments(a.agent_money[agent]).mean, moments(b.agent_money[agent]).mean),
               pairs.agent_money.get(agent), scale=a.agent_seats[agent] / a.games)
    paired("money", "winner's margin", "mean", (moments(a.margin).mean, moments(b.margin).mean),
           pairs.margin)
    for agent in _common(a.agent_margin, b.agent_margin) if several else ():
        paired("money", f"margin of {agent} over the best rival", "mean",
               (moments(a.agent_margin[agent]).mean, moments(b.agent_margin[agent]).mean),
               pairs.agent_margin.get(agent), scale=a.agent_seats[agent] / a.games)
    paired("length", "rounds", "mean", (moments(a.rounds).mean, moments(b.rounds).mean),
           pairs.rounds)
    paired("length", "lots", "mean", (moments(a.lots).mean, moments(b.lots).mean), pairs.lots)
    kinds = sorted(_common(a.sold, b.sold, union=True), key=_auction_order)
    figures = [f for kind in kinds for f in (share(kind), price(kind))]
    found = bootstrap(pairs.lots_of, figures)
    for i, kind in enumerate(kinds):
        for j, (figure, what) in enumerate(((f"share of {kind}", "rate"),
                                            (f"price of {kind}", "mean"))):
            lot = found[2 * i + j]
            if what == "mean" and not (a.prices.get(kind) and b.prices.get(kind)):
                continue
            out.append(Row("auctions", figure, what, lot.a, lot.b, lot.test, "cluster-bootstrap",
                           ratio=lot.ratio if what == "mean" else None))
    for number in _common(a.round_ends, b.round_ends, union=True):
        on_cards = (
            summary.round_ends.get(number, Counter())["artist-cards"] / summary.games
            for summary in (a, b)
        )
        discordant("round ends", f"round {number} ends on a last card", next(on_cards),
                   next(on_cards), pairs.round_ends.get(number, [0, 0]))
    for artist in _common(a.final_values, b.final_values):
        paired("artists", f"final value of {artist}", "mean",
               (moments(a.final_values[artist]).mean, moments(b.final_values[artist]).mean),
               pairs.final_values.get(artist))
    return out


def _auction_order(kind: str) -> tuple[int, str]:
    """The rulebook's order of the auction types (unknown ones last)."""
    return (AUCTION_TYPES.index(kind) if kind in AUCTION_TYPES else len(AUCTION_TYPES), kind)


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
