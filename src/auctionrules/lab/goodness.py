"""Pearson's chi-square test of goodness of fit: do counts follow an even share?

A designer asks whether the seats are fair. Testing each seat alone against
an even share would, with four seats, find an "unfair" seat by chance far more
often than 5 % of the time; Pearson's test asks the one question across all
seats at once. Written out as the rest of :mod:`auctionrules.lab.stats` is
(no SciPy), with its sources.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from auctionrules.lab.stats import falls_to


@attrs.frozen
class Fit:
    """The test of counts against an even share: the statistic, its degrees of
    freedom and the p-value (the chance of a spread at least as wide if every
    category had the same chance)."""

    statistic: float
    df: int
    p: float

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether ``p < alpha``."""
        return self.p < alpha


def even_fit(counts: Sequence[int]) -> Fit:
    """Pearson's chi-square test of ``counts`` against an even share of their total:
    X^2 = sum (o - e)^2 / e with e = total / k, on k - 1 degrees of freedom.

    K. Pearson, "On the criterion that a given system of deviations from the
    probable...", Philosophical Magazine 50 (1900) 157-175; NIST/SEMATECH
    e-Handbook of Statistical Methods, 1.3.5.15 ("Chi-Square Goodness-of-Fit Test").
    The approximation wants an expected count of at least 5 in every category
    (:func:`enough`).
    """
    k, total = len(counts), sum(counts)
    if k < 2 or total == 0:
        return Fit(0.0, max(k - 1, 0), 1.0)
    expected = total / k
    statistic = sum((count - expected) ** 2 for count in counts) / expected
    return Fit(statistic, k - 1, chi_square_sf(statistic, k - 1))


def enough(counts: Sequence[int]) -> bool:
    """Whether every category expects at least 5 (NIST 1.3.5.15), so that the
    p-value of :func:`even_fit` can be trusted."""
    return bool(counts) and sum(counts) / len(counts) >= 5


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for chi-square with ``df`` degrees of freedom: the regularized upper
    incomplete gamma function Q(df / 2, x / 2) (Abramowitz & Stegun 26.4.2)."""
    if x <= 0:
        return 1.0
    return upper_gamma(df / 2, x / 2)


def chi_square_quantile(df: int, upper: float = 0.05) -> float:
    """The ``x`` with P(X >= x) = ``upper``: :func:`chi_square_sf` inverted by bisection
    (it decreases in ``x``)."""
    return falls_to(lambda x: chi_square_sf(x, df), upper)


def upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x).

    Its series below x = a + 1 and its continued fraction (modified Lentz) above,
    as in Press et al., Numerical Recipes, 3rd ed. (2007), 6.2, where each
    converges fast.
    """
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        for n in range(1, 1000):
            term *= x / (a + n)
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for n in range(1, 1000):
        an = -n * (n - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
