"""Outcome-weighted salience (seed 000, rules R15-R18); the utility estimate is in `memory/utility.py`.

    delta = quality × attribution × learning_rate × dampening(level)      (R15, R17 table)
    |delta| ≤ 0.1, |outcome adjustment| ≤ 0.5, effective salience in [0, 1]   (R16)
    attribution ∝ memory score, at least 0.01, at most 1.0                  (R18)

Settings can change the constants for experiments (docs/experiments.md): the
dampening table (H1), a learning rate that decays with a memory's outcomes (H3)
and loss aversion, a negative delta times a weight before the cap (H4).

Worked example of seed 000: base 0.6, level 2, contribution 0.8, quality +0.8
→ delta 0.8 × 0.8 × 0.1 × 0.5 = +0.032 → effective salience 0.632.
"""

from collections.abc import Sequence
from dataclasses import dataclass

LEARNING_RATE = 0.1
TEMPORAL_DAMPENING = (1.0, 0.5, 0.25, 0.1)  # R17, temporal levels 1-4
MAX_SINGLE_CHANGE = 0.1  # R16
MAX_TOTAL_ADJUSTMENT = 0.5  # R16
MIN_ATTRIBUTION, MAX_ATTRIBUTION = 0.01, 1.0  # R18
MIN_MEMORY_SCORE = 0.01  # R10


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def normalise_scores(raw: dict[str, float]) -> dict[str, float]:
    """R10: scores normalised to sum 1; memories under 0.01 dropped, the rest renormalised."""
    positive = {k: v for k, v in raw.items() if v > 0}
    while positive:
        total = sum(positive.values())
        scores = {k: v / total for k, v in positive.items()}
        kept = {k: v for k, v in scores.items() if v >= MIN_MEMORY_SCORE}
        if len(kept) == len(scores):
            return scores
        positive = {k: raw[k] for k in kept}
    return {}


def attribution(score: float) -> float:
    """R18: proportional to the memory's score in the trace, within [0.01, 1.0]."""
    return clamp(score, MIN_ATTRIBUTION, MAX_ATTRIBUTION)


def surprise(quality: float, memories: dict[str, tuple[float, float]]) -> float:
    """The Rescorla-Wagner error of an outcome: `quality` minus the prediction of the
    decision's memories, Σ share × adjustment / MAX_TOTAL_ADJUSTMENT over (share,
    outcome adjustment) pairs, within [-2, 2]."""
    predicted = sum(share * adjustment for share, adjustment in memories.values()) / MAX_TOTAL_ADJUSTMENT
    return clamp(quality - predicted, -2.0, 2.0)


def salience_delta(
    quality: float,
    attribution: float,
    temporal_level: int,
    learning_rate: float = LEARNING_RATE,
    *,
    negative_weight: float = 1.0,
    dampening: Sequence[float] = TEMPORAL_DAMPENING,
) -> float:
    """R15 with the R17 dampening table (`dampening[level - 1]`), a negative outcome's
    delta times `negative_weight` (loss aversion), capped at ±0.1 (R16)."""
    raw = quality * attribution * learning_rate * dampening[temporal_level - 1]
    if quality < 0:
        raw *= negative_weight
    return clamp(raw, -MAX_SINGLE_CHANGE, MAX_SINGLE_CHANGE)


def decayed_learning_rate(rate: float, minimum: float, half_life: float, outcomes: int) -> float:
    """The learning rate of a memory that already had `outcomes` outcomes:
    minimum + (rate − minimum) · 0.5^(outcomes / half_life); `rate` when minimum = rate."""
    return minimum + (rate - minimum) * 0.5 ** (outcomes / half_life)


@dataclass(frozen=True)
class SalienceChange:
    previous_adjustment: float
    new_adjustment: float
    delta: float  # what was actually applied after the bounds
    previous_effective: float
    new_effective: float


def apply_delta(base: float, adjustment: float, delta: float) -> SalienceChange:
    """Adds delta within R16's bounds: total adjustment ±0.5, effective salience [0, 1]."""
    new_adjustment = clamp(adjustment + delta, -MAX_TOTAL_ADJUSTMENT, MAX_TOTAL_ADJUSTMENT)
    return SalienceChange(
        previous_adjustment=adjustment,
        new_adjustment=new_adjustment,
        delta=new_adjustment - adjustment,
        previous_effective=clamp(base + adjustment, 0.0, 1.0),
        new_effective=clamp(base + new_adjustment, 0.0, 1.0),
    )
