"""The cluster bootstrap of what lots decide: the share of each auction type, its price.

A game's lots are not independent draws: one game's prices rise together when
money is loose, and a game of many open auctions has few of the others. A test
that counted lots as independent would be far too sure of itself. The unit that
*is* independent is the game (here the pair of games with the same seed), so
the bootstrap resamples pairs of games, whole, with replacement, and
recomputes each figure of A and B from the lots of the pairs drawn (B. Efron &
R. J. Tibshirani, An Introduction to the Bootstrap (1993), 8.4; A. C. Cameron,
J. B. Gelbach & D. L. Miller, "Bootstrap-based improvements for inference with
clustered errors", Review of Economics and Statistics 90 (2008) 414-427, the
pairs cluster bootstrap). The spread of the resampled differences is the
difference's standard error; the interval is the estimate +- 1.96 of them, and
the p-value the normal one, so the two always agree.

Memory and time stay flat however many games are played: game *i* is summed
into cluster ``i % CLUSTERS``. Games are independent, so groups of them are
too, and resampling 2,000 groups estimates the same standard error as
resampling the games one by one. The resamples come from a fixed seed, so a
comparison gives the same p-values every time it is run.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from operator import itemgetter

import attrs

from auctionrules.lab.result import GameResult
from auctionrules.lab.stats import Z95, Ratio, Significance, normal_sf2

#: Games are summed into at most this many clusters (game i into i % CLUSTERS).
CLUSTERS = 2000
#: Bootstrap resamples.
RESAMPLES = 1000
#: The resamples' seed: fixed, so a comparison's tests are the same on every run.
SEED = 20240525


class LotClusters:
    """Per cluster of games, per side: lots sold, and per auction type the lots and
    the sum of their prices."""

    def __init__(self) -> None:
        self.games = 0
        #: ``(side, column)`` -> per-cluster sums; columns ``sold``,
        #: ``count:KIND``, ``price:KIND``.
        self.columns: dict[tuple[str, str], list[int]] = {}

    def add(self, a: GameResult, b: GameResult) -> None:
        """Sum the lots of the pair of game ``a.index``."""
        self.games += 1
        cluster = a.index % CLUSTERS
        for side, result in (("a", a), ("b", b)):
            self._add(side, "sold", cluster, sum(result.sold.values()))
            for kind, count in result.sold.items():
                self._add(side, f"count:{kind}", cluster, count)
                self._add(side, f"price:{kind}", cluster, sum(result.prices.get(kind, ())))

    def _add(self, side: str, column: str, cluster: int, value: int) -> None:
        sums = self.columns.setdefault((side, column), [0] * CLUSTERS)
        sums[cluster] += value

    def kinds(self) -> list[str]:
        """The auction types sold under either side."""
        return sorted({column[6:] for _, column in self.columns if column.startswith("count:")})

    def column(self, side: str, name: str) -> list[int]:
        """The per-cluster sums of ``name`` under ``side`` (zeros if never seen)."""
        return self.columns.get((side, name), [0] * CLUSTERS)[: self.used]

    @property
    def used(self) -> int:
        """Clusters holding games."""
        return min(self.games, CLUSTERS)


@attrs.frozen
class LotFigure:
    """A lot figure as a ratio of two column sums under each side: ``top / bottom``."""

    top: str
    bottom: str


@attrs.frozen
class Bootstrapped:
    """A figure's value under A and B, the test of B - A, and B / A - 1."""

    a: float
    b: float
    test: Significance
    ratio: Ratio


def share(kind: str) -> LotFigure:
    """The share of lots sold of auction type ``kind``."""
    return LotFigure(f"count:{kind}", "sold")


def price(kind: str) -> LotFigure:
    """The mean price of a lot of auction type ``kind``."""
    return LotFigure(f"price:{kind}", f"count:{kind}")


def bootstrap(
    clusters: LotClusters,
    figures: Sequence[LotFigure],
    resamples: int = RESAMPLES,
    seed: int = SEED,
) -> list[Bootstrapped]:
    """Each figure under A and B, with the cluster bootstrap's test and intervals.

    Every figure is recomputed from the same resamples (one draw of clusters each),
    so the figures' errors are estimated together, as the rows of one table.
    """
    k = clusters.used
    names = sorted({(side, name) for f in figures for side in "ab" for name in (f.top, f.bottom)})
    data = {key: clusters.column(*key) for key in names}
    full = {key: sum(values) for key, values in data.items()}
    rng = random.Random(seed)
    differences: list[list[float]] = [[] for _ in figures]
    ratios: list[list[float]] = [[] for _ in figures]
    for _ in range(resamples if k > 1 else 0):
        pick: Callable[[list[int]], tuple[int, ...]] = itemgetter(*rng.choices(range(k), k=k))
        sums = {key: sum(pick(values)) for key, values in data.items()}
        for i, f in enumerate(figures):
            a, b = _ratio(sums, "a", f), _ratio(sums, "b", f)
            if a is not None and b is not None:
                differences[i].append(b - a)
                if a:
                    ratios[i].append(b / a - 1)
    out = []
    for i, f in enumerate(figures):
        a, b = _ratio(full, "a", f), _ratio(full, "b", f)
        out.append(_figure(a, b, differences[i], ratios[i]))
    return out


def _ratio(sums: dict[tuple[str, str], int], side: str, f: LotFigure) -> float | None:
    bottom = sums[(side, f.bottom)]
    return sums[(side, f.top)] / bottom if bottom else None


def _figure(a: float | None, b: float | None, differences: list[float],
            ratios: list[float]) -> Bootstrapped:
    if a is None or b is None or len(differences) < 2:
        test = Significance((b or 0.0) - (a or 0.0), 0.0, 1.0)
        return Bootstrapped(a or 0.0, b or 0.0, test, Ratio.none())
    difference = b - a
    error = _sd(differences)
    if error == 0:
        same = difference == 0
        test = Significance(difference, 0.0 if same else math.inf, 1.0 if same else 0.0,
                            difference, difference)
    else:
        z = difference / error
        test = Significance(difference, z, normal_sf2(z), difference - Z95 * error,
                            difference + Z95 * error)
    if not a or len(ratios) < 2:
        return Bootstrapped(a, b, test, Ratio.none())
    change, spread = b / a - 1, Z95 * _sd(ratios)
    return Bootstrapped(a, b, test, Ratio(change, change - spread, change + spread))


def _sd(values: list[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
