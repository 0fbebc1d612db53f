"""The lab's statistics against published values."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from auctionrules.lab.comparison import Row, holm
from auctionrules.lab.stats import (
    Moments,
    Significance,
    incomplete_beta,
    moments,
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


def test_moments_and_quantiles_of_counts() -> None:
    tally = Counter({1: 2, 2: 1, 10: 1})  # 1, 1, 2, 10
    m = moments(tally)
    assert (m.n, m.mean) == (4, 3.5)
    assert m.variance == pytest.approx(((2.5**2) * 2 + 1.5**2 + 6.5**2) / 3)
    assert quantile(tally, 0.5) == 1.0
    assert quantile(tally, 1.0) == 10.0


def test_holm_step_down() -> None:
    # p-values 0.01, 0.04, 0.03, 0.005 at alpha 0.05: 0.005 <= 0.0125, 0.01 <= 0.0167,
    # 0.03 > 0.025 stops: the first and the last survive
    found = [Row("s", str(i), "rate", 0, 0, Significance(0, 0, p)) for i, p in
             enumerate([0.01, 0.04, 0.03, 0.005])]
    assert [row.holm for row in holm(found)] == [True, False, False, True]
