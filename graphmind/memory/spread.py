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
utility are left as they are: they say nothing about redundancy. Other questions are ranked as before.
"""

import re
from collections import Counter
from datetime import datetime, timedelta
from itertools import pairwise

AGGREGATE = re.compile(r"\b(how many|how much|total)\b", re.IGNORECASE)
POOL_FACTOR = 3  # an aggregate question ranks this many times its limit before spreading


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


def spread(rows: list[dict], times: list[datetime], factor: float, gap: timedelta, weight: float) -> list[dict]:
    """The rows (best first, each with its `final` score and its `relevance`, which enters
    `final` with `weight`) re-picked: each pick's relevance is multiplied by `factor` to
    the power of the picks before it in its episode. Each row's `spread` is that multiplier;
    its `relevance` and `final` are changed by it. Equal scores keep their order."""
    episode = episodes(times, gap)
    seen: Counter[int] = Counter()

    def scored(i: int) -> float:
        return rows[i]["final"] - weight * rows[i]["relevance"] * (1 - factor ** seen[episode[i]])

    left, picked = list(range(len(rows))), []
    while left:
        best = max(left, key=lambda i: (round(scored(i) * 10000), -i))
        left.remove(best)
        row, multiplier = rows[best], factor ** seen[episode[best]]
        row["final"], row["relevance"], row["spread"] = scored(best), row["relevance"] * multiplier, multiplier
        seen[episode[best]] += 1
        picked.append(row)
    return picked
