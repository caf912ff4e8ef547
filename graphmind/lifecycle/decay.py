"""Forgetting: DSR retrievability, the spacing effect and R19's per-level decay.

    R = C · e^(−t/S)                    retrievability, t = hours since the last access
                                        (or since the scene flushed it); R = 1 in a scene
    S_new = S_old · (1 + factor · difficulty)     stability after a review (seed 003 policy 1)

A retrieval's difficulty is 1 − R at the moment of retrieval (the spacing
effect: recalling what was nearly forgotten strengthens it most, recalling what
was just seen barely at all). An outcome's difficulty is quality × attribution,
so a bad outcome lowers stability (R20: faster decay).

Salience decays at R19's rate per level, scaled down for memories whose
stability grew beyond the default: the R19 rates are the fastest a memory can
fade (level 1: 10 % a day … level 4: 1 % a year). The Cypher twins of these
formulas are in cypher/memory/rank.cypher (R) and cypher/lifecycle/decay.cypher.
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

DEFAULT_STABILITY_HOURS = 48.0  # seed 003: schema.default_stability
MIN_STABILITY_HOURS = 1.0


@dataclass(frozen=True)
class LevelDecay:
    """R19: salience loses `rate` of itself per `period` of idleness."""

    rate: float
    period: timedelta


LEVEL_DECAY = {
    1: LevelDecay(0.10, timedelta(days=1)),  # immediate: 10 % daily
    2: LevelDecay(0.05, timedelta(weeks=1)),  # situational: 5 % weekly
    3: LevelDecay(0.02, timedelta(days=30)),  # seasonal: 2 % monthly
    4: LevelDecay(0.01, timedelta(days=365)),  # identity: 1 % yearly
}


def retrievability(hours: float, stability: float, scale: float = 1.0, in_scene: bool = False) -> float:
    """R = C · e^(−t/S); a memory in the scene (working memory) has R = 1."""
    if in_scene:
        return 1.0
    return scale * math.exp(-max(0.0, hours) / stability)


def reviewed_stability(stability: float, factor: float, difficulty: float) -> float:
    """S_new = S_old · (1 + factor · difficulty), never below one hour."""
    return max(MIN_STABILITY_HOURS, stability * (1 + factor * difficulty))


def unreviewed_stability(stability: float, factor: float, difficulty: float) -> float:
    """What `reviewed_stability` multiplied by, divided out again (never below one hour)."""
    return max(MIN_STABILITY_HOURS, stability / (1 + factor * difficulty))


def decay_factor(
    level: int, idle: timedelta, stability: float, default_stability: float = DEFAULT_STABILITY_HOURS
) -> float:
    """What salience is multiplied by after `idle` time: (1 − rate)^(idle/period), the
    exponent shrunk by default/stability when stability grew (never faster than R19)."""
    rule = LEVEL_DECAY[level]
    periods = max(0.0, idle / rule.period) * min(1.0, default_stability / stability)
    return (1.0 - rule.rate) ** periods


def hours_between(start: datetime, end: datetime) -> float:
    return (end - start).total_seconds() / 3600.0
