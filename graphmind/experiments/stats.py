"""Welch's t-test of an experiment's two arms, and the improvement in the good direction.

    t  = (mean_c − mean_t) / √(s_c²/n_c + s_t²/n_t)
    df = (s_c²/n_c + s_t²/n_t)² / ((s_c²/n_c)²/(n_c − 1) + (s_t²/n_t)²/(n_t − 1))
                                                                   (Welch–Satterthwaite)

The test (two-sided) is scipy's `ttest_ind(control, treatment, equal_var=False)`.
With fewer than two trials in an arm, or no variance in either arm, there is no
test: p is 1.0, the result is not significant and `reason` says why.
"""

import math
from dataclasses import dataclass
from statistics import fmean

from scipy import stats

ALPHA = 0.05


@dataclass(frozen=True)
class Analysis:
    control_n: int
    treatment_n: int
    control_mean: float | None
    treatment_mean: float | None
    improvement: float | None  # relative change in the good direction; None when control mean is 0
    t_statistic: float | None  # control minus treatment, as scipy reports it
    df: float | None
    p_value: float
    significant: bool
    reason: str | None = None  # why there was no test


def improvement(control_mean: float, treatment_mean: float, higher_is_better: bool) -> float | None:
    """(treatment − control) / |control| when higher is better, (control − treatment) / |control|
    when lower is better: positive means the treatment did better. None when control is 0."""
    if control_mean == 0:
        return None
    change = treatment_mean - control_mean if higher_is_better else control_mean - treatment_mean
    return change / abs(control_mean)


def welch(control: list[float], treatment: list[float], higher_is_better: bool = True) -> Analysis:
    """Welch's unequal-variances t-test of the two arms' per-trial values."""
    n_c, n_t = len(control), len(treatment)
    mean_c = fmean(control) if control else None
    mean_t = fmean(treatment) if treatment else None
    gain = improvement(mean_c, mean_t, higher_is_better) if mean_c is not None and mean_t is not None else None

    def untested(reason: str) -> Analysis:
        return Analysis(n_c, n_t, mean_c, mean_t, gain, None, None, 1.0, False, reason)

    if n_c < 2 or n_t < 2:
        return untested(f"too few trials for a t-test ({n_c} control, {n_t} treatment; 2 per arm needed)")
    if max(control) == min(control) and max(treatment) == min(treatment):
        return untested("no variance in either arm: Welch's t is undefined")
    result = stats.ttest_ind(control, treatment, equal_var=False)
    t, p = float(result.statistic), float(result.pvalue)
    if math.isnan(t) or math.isnan(p):
        return untested("the t-test is undefined for these values")
    return Analysis(n_c, n_t, mean_c, mean_t, gain, t, float(result.df), p, p < ALPHA)
