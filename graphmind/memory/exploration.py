"""Exploration in recall: a near-tied memory with little outcome evidence may be shown.

Outcome learning only learns about what agents act on, and agents act on what recall puts
first. A memory that ranks just below an adequate one is never tried, so its utility stays at
the prior and the evidence that would separate the two never arrives. With exploration on,
each candidate's final score gets a bonus

    bonus = c · √min(P, 1) · u,    u ~ U[0, 1)

where P is the variance of its Kalman utility estimate (1 when it has never been scored
by an outcome, about 0.07 after many) and c the bound (`GRAPHMIND_EXPLORATION`, or a recall's
`exploration` argument; 0 switches it off). A well-tried memory keeps almost none of it, so
only candidates within c of each other can swap: a bounded, optimistic sample in the spirit of
Thompson sampling. `u` is drawn from a hash of the seed (`GRAPHMIND_EXPLORATION_SEED`), the
user, the query, the recall's clock reading and the memory id: the same inputs give the same
order, in every server process, and each new recall draws afresh.
"""

import hashlib
import math
from datetime import datetime

MAX_EXPLORATION = 0.5  # the largest bound a recall may ask for


def draw(seed: int, user_id: str, query: str, now: datetime, memory_id: str) -> float:
    """A uniform draw in [0, 1) that depends only on its inputs."""
    key = f"{seed}\x1f{user_id}\x1f{query}\x1f{now.isoformat()}\x1f{memory_id}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") / 2**64


def bonus(bound: float, variance: float | None, u: float) -> float:
    """c · √min(P, 1) · u; an unscored memory (no variance yet) counts as P = 1."""
    spread = 1.0 if variance is None else min(max(variance, 0.0), 1.0)
    return bound * math.sqrt(spread) * u
