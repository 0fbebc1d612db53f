"""The statistics of the summaries and comparisons, written out (no SciPy).

Each function cites where its formula comes from; the tests check them against
values printed in those sources or computed independently.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

import attrs

#: The 97.5 % point of the standard normal: a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95 % by default).

    E. B. Wilson, "Probable inference, the law of succession, and statistical
    inference", JASA 22 (1927) 209-212; in the form of Agresti & Coull, "Approximate
    is better than 'exact' for interval estimation of binomial proportions", The
    American Statistician 52 (1998), eq. 2. Unlike the normal interval it stays
    inside [0, 1] and is sound near 0 % and 100 % (a ladder's 95 % wins).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_sf2(z: float) -> float:
    """The two-sided p-value of a standard normal statistic: P(|Z| >= |z|)."""
    return math.erfc(abs(z) / math.sqrt(2))


@attrs.frozen
class Significance:
    """A test's statistic, its p-value and the difference it tests (b - a), with the
    difference's 95 % confidence interval ``(low, high)`` (NaN where none is known)."""

    difference: float
    statistic: float
    p: float
    low: float = math.nan
    high: float = math.nan

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether ``p < alpha``."""
        return self.p < alpha


def two_proportions(wins_a: float, n_a: int, wins_b: float, n_b: int) -> Significance:
    """The two-proportion z-test (pooled variance) of ``wins_b/n_b - wins_a/n_a``.

    NIST/SEMATECH e-Handbook of Statistical Methods, section 7.3.3 ("How can we
    determine whether two processes produce the same proportion of defectives?"):
    z = (p1 - p2) / sqrt(p (1 - p) (1/n1 + 1/n2)) with p the pooled proportion.
    """
    if n_a <= 0 or n_b <= 0:
        return Significance(0.0, 0.0, 1.0)
    p_a, p_b = wins_a / n_a, wins_b / n_b
    pooled = (wins_a + wins_b) / (n_a + n_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if spread == 0:
        return Significance(p_b - p_a, 0.0, 1.0)
    z = (p_b - p_a) / spread
    return Significance(p_b - p_a, z, normal_sf2(z))


def detectable(p: float, n: int, z: float = Z95) -> float:
    """About the smallest difference between two rates near ``p``, each from ``n``
    trials, that a two-sided test at 5 % calls significant: z sqrt(2 p (1 - p) / n)
    (the pooled standard error of :func:`two_proportions` at equal sizes)."""
    return z * math.sqrt(2 * p * (1 - p) / n) if n > 0 else 1.0


@attrs.frozen
class Moments:
    """Count, mean and (sample) variance of a sample."""

    n: int
    mean: float
    variance: float

    @property
    def sd(self) -> float:
        """The sample standard deviation."""
        return math.sqrt(self.variance)


def welch(a: Moments, b: Moments) -> Significance:
    """Welch's unequal-variances t-test of ``b.mean - a.mean``, two-sided.

    B. L. Welch, "The generalization of 'Student's' problem when several different
    population variances are involved", Biometrika 34 (1947) 28-35; the
    Welch-Satterthwaite degrees of freedom as in NIST/SEMATECH e-Handbook section
    1.3.5.3 ("Two-Sample t-Significance for Equal Means"). The p-value is Student's t
    distribution's (:func:`student_sf2`).
    """
    if a.n < 2 or b.n < 2:
        return Significance(b.mean - a.mean, 0.0, 1.0)
    va, vb = a.variance / a.n, b.variance / b.n
    if va + vb == 0:
        same = a.mean == b.mean
        return Significance(b.mean - a.mean, 0.0 if same else math.inf, 1.0 if same else 0.0)
    t = (b.mean - a.mean) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    return Significance(b.mean - a.mean, t, student_sf2(t, df))


def student_sf2(t: float, df: float) -> float:
    """The two-sided p-value of Student's t with ``df`` degrees of freedom:
    P(|T| >= |t|) = I_x(df/2, 1/2) with x = df / (df + t^2).

    Abramowitz & Stegun, Handbook of Mathematical Functions (1964), 26.7.1 and
    26.5.27; the regularized incomplete beta function by :func:`incomplete_beta`.
    """
    if math.isinf(t):
        return 0.0
    return incomplete_beta(df / (df + t * t), df / 2, 0.5)


def incomplete_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b).

    Its continued fraction (Abramowitz & Stegun 26.5.8) evaluated by the modified
    Lentz method, with the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where it
    converges faster, as in Press et al., Numerical Recipes, 3rd ed. (2007), 6.4.
    """
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
        + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(x, a, b) / a
    return 1 - math.exp(log_front) * _beta_fraction(1 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny, eps = 1e-300, 1e-15
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < eps:
            break
    return h


def mcnemar(a_only: int, b_only: int, n: int) -> Significance:
    """McNemar's test of a change in a paired proportion: of ``n`` pairs, ``a_only``
    succeeded under A alone and ``b_only`` under B alone; the difference tested is
    ``(b_only - a_only) / n``.

    Q. McNemar, "Note on the sampling error of the difference between correlated
    proportions or percentages", Psychometrika 12 (1947) 153-157: z = (b - c) /
    sqrt(b + c), normal under no change (the square of the usual chi-square form,
    without continuity correction).
    The interval is the Wald interval of the difference of paired proportions,
    ``d +- z sqrt((b + c) - (b - c)^2 / n) / n`` (J. L. Fleiss, B. Levin & M. C. Paik,
    Statistical Methods for Rates and Proportions, 3rd ed. (2003), eq. 13.12), cut to
    [-1, 1], where a difference of rates lies.
    """
    discordant = a_only + b_only
    if n <= 0 or discordant == 0:
        return Significance(0.0, 0.0, 1.0, 0.0, 0.0)
    difference = (b_only - a_only) / n
    z = (b_only - a_only) / math.sqrt(discordant)
    half = Z95 * math.sqrt(max(0.0, discordant - (b_only - a_only) ** 2 / n)) / n
    return Significance(difference, z, normal_sf2(z), max(-1.0, difference - half),
                        min(1.0, difference + half))


def paired_t(differences: Counter[int]) -> Significance:
    """The paired t-test: Student's one-sample t-test of the mean of the differences
    B - A over pairs, ``n - 1`` degrees of freedom (Student, "The probable error of
    a mean", Biometrika 6 (1908) 1-25; NIST/SEMATECH e-Handbook 7.3.1)."""
    m = moments(differences)
    if m.n < 2:
        return Significance(m.mean, 0.0, 1.0)
    if m.variance == 0:
        return Significance(m.mean, 0.0 if m.mean == 0 else math.inf, 1.0 if m.mean == 0 else 0.0)
    t = m.mean / math.sqrt(m.variance / m.n)
    return Significance(m.mean, t, student_sf2(t, m.n - 1))


def t_quantile(df: float, two_sided: float = 0.05) -> float:
    """The ``t`` with P(|T| >= t) = ``two_sided`` for Student's t with ``df`` degrees of
    freedom: :func:`student_sf2` inverted by bisection (it decreases in ``t``)."""
    if df <= 0:
        return math.inf
    return falls_to(lambda t: student_sf2(t, df), two_sided)


def falls_to(tail: Callable[[float], float], level: float) -> float:
    """The ``x >= 0`` where the decreasing ``tail`` falls to ``level``, by bisection: a
    distribution's quantile from its upper tail."""
    low, high = 0.0, 1.0
    while tail(high) > level:
        low, high = high, high * 2
    for _ in range(100):
        middle = (low + high) / 2
        if tail(middle) > level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@attrs.frozen
class PairedMoments:
    """Exact sums of a paired sample: ``n`` pairs ``(a_i, b_i)`` as the sums of
    ``a``, ``b``, ``a^2``, ``b^2`` and ``a b`` (integers stay exact at any size)."""

    n: int
    a: float
    b: float
    aa: float
    bb: float
    ab: float

    def mean_a(self) -> float:
        """The mean under A."""
        return self.a / self.n if self.n else 0.0

    def mean_b(self) -> float:
        """The mean under B."""
        return self.b / self.n if self.n else 0.0


def paired_means(m: PairedMoments, scale: float = 1.0) -> tuple[Significance, Ratio]:
    """The paired t-test of ``mean(b) - mean(a)`` (divided by ``scale``), its 95 % t
    interval, and the ratio ``mean(b) / mean(a) - 1`` with its delta-method interval.

    The test is Student's one-sample t-test of the differences ``b_i - a_i`` on
    ``n - 1`` degrees of freedom (Student, "The probable error of a mean",
    Biometrika 6 (1908) 1-25; NIST/SEMATECH e-Handbook 7.3.1). The ratio's variance
    is that of a ratio of two correlated means, Var(R) ~ (s_b^2 - 2 R s_ab + R^2
    s_a^2) / (n mean_a^2) (W. G. Cochran, Sampling Techniques, 3rd ed. (1977), 6.4).
    """
    n = m.n
    if n < 2:
        difference = (m.mean_b() - m.mean_a()) / scale
        return Significance(difference, 0.0, 1.0), Ratio.none()
    mean_a, mean_b = m.a / n, m.b / n
    # n (n - 1) times each (co)variance: exact while the sums are integers
    pairs = n * (n - 1)
    var_a = (n * m.aa - m.a * m.a) / pairs
    var_b = (n * m.bb - m.b * m.b) / pairs
    cov = (n * m.ab - m.a * m.b) / pairs
    var_d = max(0.0, (n * (m.aa + m.bb - 2 * m.ab) - (m.b - m.a) ** 2) / pairs)
    difference = mean_b - mean_a
    if var_d == 0:
        same = difference == 0
        test = Significance(difference / scale, 0.0 if same else math.inf,
                            1.0 if same else 0.0, difference / scale, difference / scale)
    else:
        error = math.sqrt(var_d / n)
        t = difference / error
        half = t_quantile(n - 1) * error
        test = Significance(difference / scale, t, student_sf2(t, n - 1),
                            (difference - half) / scale, (difference + half) / scale)
    if mean_a == 0:
        return test, Ratio.none()
    r = mean_b / mean_a
    var_r = max(0.0, var_b - 2 * r * cov + r * r * var_a) / (n * mean_a * mean_a)
    half = Z95 * math.sqrt(var_r)
    return test, Ratio(r - 1, r - 1 - half, r - 1 + half)


@attrs.frozen
class Ratio:
    """A relative change ``B / A - 1`` and its 95 % interval (NaN where undefined)."""

    change: float
    low: float
    high: float

    @classmethod
    def none(cls) -> Ratio:
        """No relative change can be given (A's mean is 0, or too few pairs)."""
        return cls(math.nan, math.nan, math.nan)

    def known(self) -> bool:
        """Whether the change is defined."""
        return not math.isnan(self.change)


def moments(tally: Counter[int]) -> Moments:
    """The moments of a sample kept as value counts."""
    n = sum(tally.values())
    if n == 0:
        return Moments(0, 0.0, 0.0)
    mean = sum(value * count for value, count in tally.items()) / n
    if n == 1:
        return Moments(1, mean, 0.0)
    squares = sum((value - mean) ** 2 * count for value, count in tally.items())
    return Moments(n, mean, squares / (n - 1))


def quantile(tally: Counter[int], q: float) -> float:
    """The ``q`` quantile (lower value at ties of rank) of a sample kept as value counts."""
    n = sum(tally.values())
    if n == 0:
        return 0.0
    rank = max(0, math.ceil(q * n) - 1)
    seen = 0
    for value in sorted(tally):
        seen += tally[value]
        if seen > rank:
            return float(value)
    return float(max(tally))
