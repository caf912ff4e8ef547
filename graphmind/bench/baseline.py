"""Plain fusion, the baseline every retrieval bench reports beside hybrid recall: exact
cosine of MiniLM embeddings and BM25 over the same memories, fused by reciprocal rank
(Cormack et al. 2009, k = 60). No priors, neighbours, salience or channel weights: what a
reader would build in an afternoon, so hybrid recall has to earn its extra machinery.

The memories are read once per user (`bench.user_texts`), the ranking is computed here:
BM25 with `core/terms.py`'s analysis and parameters over that user's texts only.
"""

from collections import Counter
from dataclasses import dataclass

import numpy as np

from graphmind.core import terms
from graphmind.deps import Deps

RRF_K = 60


@dataclass(frozen=True)
class Collection:
    """One user's memories as the baseline ranks them."""

    ids: list[str]
    vectors: np.ndarray  # (n, 384), unit length
    counts: list[Counter]  # analysed terms per memory
    lengths: np.ndarray
    df: Counter

    @classmethod
    def of(cls, rows: list[dict]) -> "Collection":
        counts = [Counter(terms.analyze(r["content"])) for r in rows]
        df: Counter = Counter()
        for c in counts:
            df.update(c.keys())
        vectors = np.asarray([r["embedding"] for r in rows], dtype=np.float32).reshape(len(rows), -1)
        return cls([r["id"] for r in rows], vectors, counts, np.asarray([sum(c.values()) for c in counts]), df)

    def cosine_ranking(self, query: np.ndarray) -> list[int]:
        return list(np.argsort(-(self.vectors @ query), kind="stable"))

    def bm25_ranking(self, query: str) -> list[int]:
        words = list(dict.fromkeys(terms.analyze(query)))
        average = float(self.lengths.mean()) if len(self.lengths) else 0.0
        scores = [
            terms.bm25(words, c, int(length), len(self.ids), average, self.df)
            for c, length in zip(self.counts, self.lengths, strict=True)
        ]
        return [i for i in np.argsort(-np.asarray(scores), kind="stable") if scores[i] > 0]


def fuse(rankings: list[list[int]], k: int = RRF_K) -> list[int]:
    """Reciprocal rank fusion: each item scores Σ 1/(k + rank) over the rankings it is in
    (rank from 1); ties keep the order of first appearance."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda item: -scores[item])


async def collection(deps: Deps, user_id: str) -> Collection:
    return Collection.of(await deps.db.read("bench.user_texts", userId=user_id))


async def plain_rrf(deps: Deps, user_id: str, question: str, k: int, memories: Collection | None = None) -> list[str]:
    """The top `k` memory ids of plain fusion for `question` (`memories`: the user's, read
    now when not given)."""
    memories = memories or await collection(deps, user_id)
    [query] = await deps.embedder.embed_async([question])
    ranked = fuse([memories.cosine_ranking(query), memories.bm25_ranking(question)])
    return [memories.ids[i] for i in ranked[:k]]
