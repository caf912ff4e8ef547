"""Counting and totalling questions see every episode, not five turns of one.

"How much did I spend on car wash and parking ticket?" or "How many times have I worn my
new sneakers?" is answered by adding up what several conversations said. Ranked by
relevance alone, the turns of the one conversation that matches best fill the top of the
list and the other occasions fall below the limit. For such a question (`aggregates`:
"how many", "how much", "total") recall ranks a pool three times the limit and then picks
greedily: each pick's relevance (the part of the final score that says how well it matches,
wSim·relevance) is multiplied by

    spread = f ** n

where n is how many results already picked lie in the same episode and f is
`GRAPHMIND_RECALL_AGGREGATE_SPREAD` (1: off). An episode is a run of the pool's memories
each within the temporal-neighbour window (`GRAPHMIND_NEIGHBOUR_WINDOW_MINUTES`) of the
one before it in time: the same stretch of conversation that temporal neighbours assume.
The best result keeps its score (n = 0); the second turn of its episode competes with
f times its relevance against the first turn of the next episode. Retrievability and
utility are left as they are: they say nothing about redundancy.

Any other question has only the head of its list spread (`picks`): the first
`GRAPHMIND_RECALL_HEAD_EPISODES` (2) results are picked with factor
`GRAPHMIND_RECALL_HEAD_SPREAD` (0.3), the rest follow in their order, and every score
stays the memory's own (a decision weighs its evidence by them). "Did the
outage come before or after we moved to Postgres?" is answered by two conversations, but
the turns of the better-matching one can fill the top five; now the other conversation's
best turn is second unless it matches less than 0.3 times as well as the next turn of the
first. Only the head: a question answered by one conversation still gets that
conversation's turns and their neighbours below it (docs/benchmarks.md).
"""

import re
from collections import Counter
from datetime import datetime, timedelta
from itertools import pairwise

AGGREGATE = re.compile(r"\b(how many|how much|total)\b", re.IGNORECASE)
POOL_FACTOR = 3  # a counting question ranks this many times its limit before spreading


def aggregates(query: str) -> bool:
    """Whether the question counts or totals something ("how many", "how much", "total")."""
    return AGGREGATE.search(query) is not None


def episodes(times: list[datetime], gap: timedelta) -> list[int]:
    """An episode number for each time: sorted by time, a step larger than `gap` starts
    the next episode."""
    order = sorted(range(len(times)), key=lambda i: times[i])
    numbers, episode = [0] * len(times), 0
    for previous, current in pairwise(order):
        if times[current] - times[previous] > gap:
            episode += 1
        numbers[current] = episode
    return numbers


def spread(
    rows: list[dict], times: list[datetime], factor: float, gap: timedelta, weight: float, picks: int | None = None
) -> list[dict]:
    """The rows (best first, each with its `final` score and its `relevance`, which enters
    `final` with `weight`) re-picked: each pick's relevance is multiplied by `factor` to
    the power of the picks before it in its episode. Each row's `spread` is that multiplier;
    its `relevance` and `final` are changed by it. Equal scores keep their order. With
    `picks`, only the first `picks` are chosen so and no score is changed: the head is
    reordered, the rest follow in their order."""
    episode = episodes(times, gap)
    seen: Counter[int] = Counter()

    def scored(i: int) -> float:
        return rows[i]["final"] - weight * rows[i]["relevance"] * (1 - factor ** seen[episode[i]])

    left = list(range(len(rows)))
    picked: list[dict] = []
    while left and (picks is None or len(picked) < picks):
        best = max(left, key=lambda i: (round(scored(i) * 10000), -i))
        left.remove(best)
        row, multiplier = rows[best], factor ** seen[episode[best]]
        if picks is None:
            row["final"], row["relevance"], row["spread"] = scored(best), row["relevance"] * multiplier, multiplier
        seen[episode[best]] += 1
        picked.append(row)
    return picked + [rows[i] for i in left]
