"""Welch's t-test on fixed samples: t and df by hand, p checked against literals.

The literal p-values were computed independently of scipy: the two-sided tail of
Student's t density with the Welch–Satterthwaite df, integrated numerically with
mpmath at 30 digits (t and df from exact fractions).
"""

import math
from statistics import fmean, variance

import pytest

from graphmind.experiments.stats import improvement, welch

CONTROL = [19.1, 20.3, 18.7, 21.0, 19.8]  # mean 19.78, variance 0.847
TREATMENT = [21.5, 22.0, 20.9, 23.1, 22.4, 21.8]  # mean 21.95, variance 0.571


def by_hand(control: list[float], treatment: list[float]) -> tuple[float, float]:
    """t and the Welch–Satterthwaite df from the textbook formulas."""
    a, b = variance(control) / len(control), variance(treatment) / len(treatment)
    t = (fmean(control) - fmean(treatment)) / math.sqrt(a + b)
    df = (a + b) ** 2 / (a**2 / (len(control) - 1) + b**2 / (len(treatment) - 1))
    return t, df


def test_welch_numbers_on_a_fixed_sample():
    result = welch(CONTROL, TREATMENT, higher_is_better=True)
    t, df = by_hand(CONTROL, TREATMENT)
    assert (result.control_n, result.treatment_n) == (5, 6)
    assert result.control_mean == pytest.approx(19.78) and result.treatment_mean == pytest.approx(21.95)
    assert result.t_statistic == pytest.approx(t, abs=1e-9)
    assert result.t_statistic == pytest.approx(-4.2188314129168022, abs=1e-6)
    assert result.df == pytest.approx(df, abs=1e-9)
    assert result.df == pytest.approx(7.7898920548651236, abs=1e-6)
    assert result.p_value == pytest.approx(0.0031003492249384735, abs=1e-6)
    assert result.significant and result.reason is None
    assert result.improvement == pytest.approx((21.95 - 19.78) / 19.78)


def test_a_small_difference_is_not_significant():
    control, treatment = [0.2, 0.4, 0.35, 0.5], [0.3, 0.45, 0.5, 0.25, 0.4]
    result = welch(control, treatment)
    assert result.t_statistic == pytest.approx(-0.22487239817113244, abs=1e-6)
    assert result.df == pytest.approx(5.8761329809315007, abs=1e-6)
    assert result.p_value == pytest.approx(0.82969392544503936, abs=1e-6)
    assert not result.significant


def test_improvement_points_the_good_way():
    assert improvement(0.5, 0.6, higher_is_better=True) == pytest.approx(0.2)
    assert improvement(0.5, 0.4, higher_is_better=False) == pytest.approx(0.2)
    assert improvement(0.5, 0.6, higher_is_better=False) == pytest.approx(-0.2)
    assert improvement(-0.5, -0.25, higher_is_better=True) == pytest.approx(0.5)
    assert improvement(0.0, 0.3, higher_is_better=True) is None
    lower = welch(CONTROL, TREATMENT, higher_is_better=False)
    assert lower.improvement == pytest.approx(-(21.95 - 19.78) / 19.78)
    assert lower.p_value == welch(CONTROL, TREATMENT).p_value


def test_no_variance_means_no_test():
    result = welch([0.4, 0.4, 0.4], [0.6, 0.6])
    assert result.p_value == 1.0 and not result.significant
    assert result.t_statistic is None and result.df is None
    assert "variance" in result.reason
    assert result.improvement == pytest.approx(0.5)


def test_fewer_than_two_trials_per_arm_means_no_test():
    result = welch([0.4], [0.5, 0.6, 0.7])
    assert result.p_value == 1.0 and not result.significant and "too few" in result.reason
    assert result.control_mean == 0.4 and result.treatment_mean == pytest.approx(0.6)
    empty = welch([], [0.5, 0.6])
    assert empty.control_mean is None and empty.improvement is None and not empty.significant
