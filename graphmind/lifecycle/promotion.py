"""When a memory is promoted to a higher temporal level (seed 000's open question).

A memory at level L moves to L + 1 when its decisions' outcomes show it keeps
proving itself, for about as long as its level lasts:

    level   good outcomes (quality > 0.5)   spread between first and last good   good share
    1 → 2             3                                1 day                         ≥ 0.8
    2 → 3             5                                7 days                        ≥ 0.8
    3 → 4             8                               30 days                        ≥ 0.8

and none of its last three outcomes was bad (quality < 0). Level 4 is the top.
One level per run: a memory climbs at most one level per patterns job.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

GOOD_QUALITY = 0.5
MIN_GOOD_SHARE = 0.8
RECENT = 3


@dataclass(frozen=True)
class Rule:
    good_outcomes: int
    spread: timedelta


RULES = {1: Rule(3, timedelta(days=1)), 2: Rule(5, timedelta(days=7)), 3: Rule(8, timedelta(days=30))}


def should_promote(level: int, outcomes: list[tuple[float, datetime]]) -> bool:
    """outcomes: (quality, observed at) of the decisions the memory influenced."""
    rule = RULES.get(level)
    if rule is None or not outcomes:
        return False
    ordered = sorted(outcomes, key=lambda o: o[1])
    good = [at for quality, at in ordered if quality > GOOD_QUALITY]
    if len(good) < rule.good_outcomes or len(good) / len(ordered) < MIN_GOOD_SHARE:
        return False
    if any(quality < 0 for quality, _ in ordered[-RECENT:]):
        return False
    return good[-1] - good[0] >= rule.spread
