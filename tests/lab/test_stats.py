"""The lab's statistics against published values."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from auctionrules.lab.comparison import Row, holm
from auctionrules.lab.stats import (
    Moments,
    Significance,
    detectable,
    incomplete_beta,
    mcnemar,
    moments,
    paired_t,
    quantile,
    student_sf2,
    two_proportions,
    welch,
    wilson,
)


def test_wilson_interval() -> None:
    # Newcombe, "Two-sided confidence intervals for the single proportion" (Statistics
    # in Medicine 17, 1998), table I: 81/263 -> 0.2553-0.3662; 15/148 -> 0.0624-0.1605;
    # 0/20 -> 0-0.1611
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(15, 148) == pytest.approx((0.0624, 0.1605), abs=1e-4)
    assert wilson(0, 20) == pytest.approx((0.0, 0.1611), abs=1e-4)
    assert wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_student_t_tails() -> None:
    # two-sided 5 % and 1 % critical values of t tables (df 10: 2.228, 3.169; df 30: 2.042)
    assert student_sf2(2.228, 10) == pytest.approx(0.05, abs=2e-4)
    assert student_sf2(3.169, 10) == pytest.approx(0.01, abs=1e-4)
    assert student_sf2(2.042, 30) == pytest.approx(0.05, abs=2e-4)
    assert student_sf2(0.0, 5) == pytest.approx(1.0)
    # df 1 is the Cauchy distribution: P(|T| >= t) = 1 - 2 atan(t) / pi
    assert student_sf2(3.0, 1) == pytest.approx(1 - 2 * math.atan(3.0) / math.pi)
    # I_x(a, 1) = x^a
    assert incomplete_beta(0.3, 2.5, 1.0) == pytest.approx(0.3**2.5)


def test_welch_against_the_nist_handbook() -> None:
    # NIST/SEMATECH e-Handbook 1.3.5.3, AUTO83B.DAT: US cars n=249 mean 20.14458
    # sd 6.41470, Japanese cars n=79 mean 30.48101 sd 6.10771; T = -12.62059 (pooled,
    # equal-variance); Welch's T from the same figures is -12.95
    us, japan = Moments(249, 20.14458, 6.41470**2), Moments(79, 30.48101, 6.10771**2)
    test = welch(us, japan)
    assert test.difference == pytest.approx(10.33643)
    assert test.statistic == pytest.approx(12.946, abs=1e-2)
    assert test.p < 1e-20
    assert welch(Moments(5, 1.0, 0.0), Moments(5, 1.0, 0.0)).p == 1.0


def test_two_proportions() -> None:
    # 50/100 vs 65/100: pooled p 0.575, z = 0.15 / sqrt(0.575 * 0.425 * 0.02) = 2.1456
    test = two_proportions(50, 100, 65, 100)
    assert test.statistic == pytest.approx(2.1456, abs=1e-4)
    assert test.p == pytest.approx(0.0319, abs=1e-4)
    assert two_proportions(0, 10, 0, 10).p == 1.0


def test_detectable_difference_is_where_the_test_turns_significant() -> None:
    step = detectable(0.25, 400)
    assert step == pytest.approx(0.0600, abs=1e-4)
    wins = 100  # 25 % of 400
    assert two_proportions(wins, 400, wins + round(step * 400) + 1, 400).significant()
    assert not two_proportions(wins, 400, wins + round(step * 400) - 3, 400).significant()


def test_moments_and_quantiles_of_counts() -> None:
    tally = Counter({1: 2, 2: 1, 10: 1})  # 1, 1, 2, 10
    m = moments(tally)
    assert (m.n, m.mean) == (4, 3.5)
    assert m.variance == pytest.approx(((2.5**2) * 2 + 1.5**2 + 6.5**2) / 3)
    assert quantile(tally, 0.5) == 1.0
    assert quantile(tally, 1.0) == 10.0


def test_mcnemar() -> None:
    # 10 pairs won under A only, 25 under B only: z = 15 / sqrt(35); chi-square form 6.43
    test = mcnemar(10, 25, 100)
    assert test.statistic == pytest.approx(2.5355, abs=1e-4)
    assert test.statistic**2 == pytest.approx(225 / 35)
    assert test.p == pytest.approx(0.01123, abs=1e-5)
    assert test.difference == pytest.approx(0.15)
    assert mcnemar(0, 0, 100).p == 1.0


def test_paired_t() -> None:
    # differences 1..5: mean 3, sd sqrt(2.5), t = 3 / sqrt(2.5 / 5) = 4.2426 on 4 df, whose
    # two-sided 5 % and 2 % critical values are 2.776 and 3.747 (t tables): p in (0.01, 0.02)
    test = paired_t(Counter([1, 2, 3, 4, 5]))
    assert test.statistic == pytest.approx(4.2426, abs=1e-4)
    assert 0.01 < test.p < 0.02
    assert student_sf2(2.776, 4) == pytest.approx(0.05, abs=1e-4)
    assert paired_t(Counter({0: 10})).p == 1.0


def test_holm_step_down() -> None:
    # p-values 0.01, 0.04, 0.03, 0.005 at alpha 0.05: 0.005 <= 0.0125, 0.01 <= 0.0167,
    # 0.03 > 0.025 stops: the first and the last survive
    found = [Row("s", str(i), "rate", 0, 0, Significance(0, 0, p)) for i, p in
             enumerate([0.01, 0.04, 0.03, 0.005])]
    assert [row.holm for row in holm(found)] == [True, False, False, True]


def test_paired_means_interval_and_ratio() -> None:
    # pairs (1, 2), (2, 4), (3, 6), (4, 8), (5, 10): differences 1..5, mean 3, sd
    # sqrt(2.5); t = 4.2426 on 4 df; the interval 3 +- 2.776 sqrt(2.5 / 5); B / A = 2
    from auctionrules.lab.stats import PairedMoments, paired_means, t_quantile

    a, b = [1, 2, 3, 4, 5], [2, 4, 6, 8, 10]
    m = PairedMoments(5, sum(a), sum(b), sum(x * x for x in a), sum(y * y for y in b),
                      sum(x * y for x, y in zip(a, b, strict=True)))
    test, ratio = paired_means(m)
    assert test.statistic == pytest.approx(4.2426, abs=1e-4)
    assert test.p == pytest.approx(paired_t(Counter([1, 2, 3, 4, 5])).p)
    assert (test.low, test.high) == pytest.approx((3 - 1.9630, 3 + 1.9630), abs=1e-3)
    assert ratio.change == pytest.approx(1.0)
    assert ratio.low == ratio.high == pytest.approx(1.0)  # B is exactly twice A
    halved, _ = paired_means(m, scale=2)
    assert (halved.difference, halved.p) == (pytest.approx(1.5), test.p)
    assert t_quantile(10) == pytest.approx(2.228, abs=1e-3)
    assert t_quantile(30) == pytest.approx(2.042, abs=1e-3)


def test_mcnemar_interval() -> None:
    # 10 and 25 discordant of 100 pairs: 0.15 +- 1.96 sqrt(35 - 15^2 / 100) / 100
    test = mcnemar(10, 25, 100)
    half = 1.959963984540054 * math.sqrt(35 - 2.25) / 100
    assert (test.low, test.high) == pytest.approx((0.15 - half, 0.15 + half))
