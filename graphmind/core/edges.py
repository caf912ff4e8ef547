"""Association edges between memories and entities, and their Hebbian updates.

An edge `ASSOCIATED {weight}` joins two of a user's nodes (memory-memory or
memory-entity), stored once per pair (from the smaller id) and read undirected.
Only three things change weights: `learn` (explicit feedback), co-retrieval (a
recall's top results) and co-use (memories behind a decision with a good outcome).
Updates saturate, so weights stay within [0, 1]:

    strengthen: w + rate × (1 − w)      (a missing edge starts at 0)
    weaken:     w × (1 − rate)          (a missing edge stays missing)

Every update bumps the user's graph generation (`User.graphGeneration`).
The arithmetic runs in `cypher/associative/adjust.cypher`; the functions below
state it for readers and tests.
"""

from dataclasses import dataclass
from datetime import datetime
from itertools import combinations

from graphmind.core.writes import QueryRunner


def strengthened(weight: float, rate: float) -> float:
    return weight + rate * (1.0 - weight)


def weakened(weight: float, rate: float) -> float:
    return weight * (1.0 - rate)


@dataclass(frozen=True)
class EdgeChange:
    """One requested update; `a` < `b` (see `change`)."""

    a: str
    b: str
    rate: float
    strengthen: bool


def change(x: str, y: str, rate: float, strengthen: bool) -> EdgeChange:
    a, b = sorted((x, y))
    return EdgeChange(a, b, rate, strengthen)


def among(ids: list[str], rate: float, strengthen: bool = True) -> list[EdgeChange]:
    """Changes for every pair of distinct ids."""
    return [change(x, y, rate, strengthen) for x, y in combinations(dict.fromkeys(ids), 2) if x != y]


def between(left: list[str], right: list[str], rate: float, strengthen: bool) -> list[EdgeChange]:
    """Changes for every pair (one id from each side, never a node with itself)."""
    return [change(x, y, rate, strengthen) for x in left for y in right if x != y]


@dataclass
class EdgeUpdate:
    a: str
    b: str
    old: float
    new: float
    created: bool


@dataclass
class Adjustment:
    generation: int
    updates: list[EdgeUpdate]

    @property
    def plasticity(self) -> float:
        """Total absolute weight change."""
        return sum(abs(u.new - u.old) for u in self.updates)


def as_params(changes: list[EdgeChange]) -> list[dict]:
    """The `changes` parameter of `associative.adjust` (duplicates of a pair: the first
    wins), also for a query that includes it."""
    first: dict[tuple[str, str], EdgeChange] = {}
    for c in changes:
        first.setdefault((c.a, c.b), c)
    return [{"a": c.a, "b": c.b, "rate": c.rate, "strengthen": c.strengthen} for c in first.values()]


async def adjust(tx: QueryRunner, user_id: str, now: datetime, changes: list[EdgeChange]) -> Adjustment | None:
    """Applies the changes (duplicates of a pair: the first wins) inside the caller's
    transaction; None when there is nothing to change."""
    params = as_params(changes)
    if not params:
        return None
    rows = await tx.run("associative.adjust", userId=user_id, now=now, changes=params)
    if not rows:
        return None
    [row] = rows
    return Adjustment(
        row["generation"],
        [EdgeUpdate(u["a"], u["b"], u["old"], u["new"], u["created"]) for u in row["changed"]],
    )
