"""Greedy, deterministic clustering of unit vectors by cosine to cluster centroids."""

import numpy as np


def greedy_clusters(
    vectors: np.ndarray, threshold: float, max_size: int = 20, seeds: list[np.ndarray] | None = None
) -> list[list[int]]:
    """Visits vectors in order; each joins the most similar cluster whose centroid it
    reaches `threshold` with (and that has room), or starts a new one. `seeds` are centroid
    sums of existing clusters: clusters 0..len(seeds)-1 of the result extend them."""
    sums = [np.asarray(s, dtype=np.float32) for s in (seeds or [])]
    members: list[list[int]] = [[] for _ in sums]
    for i, vector in enumerate(vectors):
        best, best_similarity = None, threshold
        for c, total in enumerate(sums):
            norm = float(np.linalg.norm(total))
            similarity = float(total @ vector) / norm if norm else 0.0
            if similarity >= best_similarity and len(members[c]) < max_size:
                best, best_similarity = c, similarity
        if best is None:
            sums.append(np.zeros_like(vector))
            members.append([])
            best = len(sums) - 1
        sums[best] = sums[best] + vector
        members[best].append(i)
    return members
