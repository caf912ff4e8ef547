"""Adaptive budgeting (seed 003 policy 8): pack recalled memories into a token budget.

Greedy maximal marginal relevance, made density-aware. At each step, among the
candidates that still fit, take the one with the best

    value = (λ · relevance − (1 − λ) · redundancy) / √tokens

where relevance is the candidate's recall score relative to the best one,
redundancy its highest cosine similarity to what is already packed, and tokens
its length under the embedding model's tokenizer. Candidates whose marginal
relevance is not positive (more redundant than relevant), or whose cosine to a
packed one reaches NEAR_DUPLICATE, are never packed. The packed tokens never
exceed the budget.
"""

import math
from dataclasses import dataclass

import numpy as np

NEAR_DUPLICATE = 0.9


@dataclass(frozen=True)
class Candidate:
    score: float
    tokens: int
    vector: np.ndarray


def pack(candidates: list[Candidate], budget: int, mmr_lambda: float, limit: int) -> list[int]:
    """Indices of the packed candidates, in packing order (best value first)."""
    if not candidates:
        return []
    best = max(c.score for c in candidates) or 1.0
    chosen: list[int] = []
    used = 0
    redundancy = np.zeros(len(candidates))
    open_ = set(range(len(candidates)))
    while open_ and len(chosen) < limit:
        pick, pick_value = None, 0.0
        for i in sorted(open_):
            c = candidates[i]
            if c.tokens > budget - used or c.tokens <= 0 or redundancy[i] >= NEAR_DUPLICATE:
                continue
            marginal = mmr_lambda * c.score / best - (1 - mmr_lambda) * redundancy[i]
            value = marginal / math.sqrt(c.tokens)
            if marginal > 0 and (pick is None or value > pick_value):
                pick, pick_value = i, value
        if pick is None:
            break
        chosen.append(pick)
        used += candidates[pick].tokens
        open_.discard(pick)
        vector = candidates[pick].vector
        for i in open_:
            redundancy[i] = max(redundancy[i], float(candidates[i].vector @ vector))
    return chosen
