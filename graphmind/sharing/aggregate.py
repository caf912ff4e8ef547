"""Cross-user aggregation for shared patterns (docs/sharing.md): users' patterns clustered
by centroid, each user's clipped contribution to a cluster, and which earlier release a
cluster continues. Pure functions."""

from collections import Counter
from dataclasses import dataclass

import numpy as np

from graphmind.lifecycle.clustering import greedy_clusters


@dataclass(frozen=True)
class UserPattern:
    """One opted-in user's pattern, as the share job reads it."""

    user_id: str
    pattern_id: str
    summary: str
    centroid: np.ndarray  # unit vector
    outcomes: dict[str, float]  # decision id → observed outcome quality, behind the pattern's members
    shared_in: str | None = None  # the shared pattern it last contributed to (a private marker)

    @classmethod
    def from_row(cls, row: dict) -> "UserPattern":
        total = np.asarray(row["centroidSum"], dtype=np.float32)
        norm = float(np.linalg.norm(total))
        return cls(
            row["userId"],
            row["id"],
            row["summary"] or "",
            total / norm if norm else total,
            {o["id"]: float(o["quality"]) for o in row["outcomes"]},
            row["sharedIn"],
        )


@dataclass(frozen=True)
class Contribution:
    """What one user adds to a cluster: instances clipped to the cap, one mean quality."""

    user_id: str
    instances: int
    quality: float  # mean observed outcome quality, in [-1, 1]
    summaries: tuple[str, ...]
    pattern_ids: tuple[str, ...]
    shared_in: frozenset[str]


@dataclass(frozen=True)
class Group:
    """A cluster of patterns across users, as contributions (one per user)."""

    contributions: tuple[Contribution, ...]

    @property
    def instances(self) -> int:
        return sum(c.instances for c in self.contributions)

    @property
    def users(self) -> int:
        return len(self.contributions)

    @property
    def quality_sum(self) -> float:
        return sum(c.quality for c in self.contributions)

    def keeping(self, user_ids: set[str]) -> "Group":
        return Group(tuple(c for c in self.contributions if c.user_id in user_ids))


def contributions(members: list[UserPattern], good_quality: float, user_cap: int) -> tuple[Contribution, ...]:
    """One contribution per user with at least one good outcome. An instance is a distinct
    decision with an observed outcome quality above `good_quality` that a member memory of
    one of the user's patterns influenced; a user adds at most `user_cap` of them."""
    by_user: dict[str, list[UserPattern]] = {}
    for pattern in members:
        by_user.setdefault(pattern.user_id, []).append(pattern)
    result = []
    for user_id, patterns in sorted(by_user.items()):
        outcomes = {d: q for p in patterns for d, q in p.outcomes.items()}
        good = sum(q > good_quality for q in outcomes.values())
        if not good:
            continue
        quality = float(np.clip(np.mean(list(outcomes.values())), -1.0, 1.0))
        result.append(
            Contribution(
                user_id,
                min(good, user_cap),
                quality,
                tuple(p.summary for p in patterns),
                tuple(p.pattern_id for p in patterns),
                frozenset(p.shared_in for p in patterns if p.shared_in),
            )
        )
    return tuple(result)


def groups(patterns: list[UserPattern], similarity: float, good_quality: float, user_cap: int) -> list[Group]:
    """Patterns clustered by centroid cosine across users; largest (clipped instances) first."""
    if not patterns:
        return []
    vectors = np.stack([p.centroid for p in patterns])
    clusters = greedy_clusters(vectors, similarity, max_size=len(patterns))
    found = [
        Group(contributions([patterns[i] for i in members], good_quality, user_cap)) for members in clusters if members
    ]
    found = [g for g in found if g.contributions]
    return sorted(found, key=lambda g: (-g.instances, -g.users, min(c.pattern_ids[0] for c in g.contributions)))


def previous_release(group: Group, taken: set[str]) -> str | None:
    """The earlier shared pattern most of the group's users contributed to (not yet taken
    by another group of this run), or None: a new one."""
    votes = Counter(s for c in group.contributions for s in c.shared_in if s not in taken)
    return min(votes, key=lambda s: (-votes[s], s)) if votes else None


def new_users(group: Group, shared_id: str) -> int:
    """Users of the group who did not contribute to `shared_id` before."""
    return sum(shared_id not in c.shared_in for c in group.contributions)
