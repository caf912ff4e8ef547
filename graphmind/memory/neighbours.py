"""The caller's active memories a new text must be checked against (rule R4, seed 003
policy 5): its vector neighbours and the memories that share its subject terms.

Cosine alone misses an update that changes the one word that matters ("…region is
Frankfurt" / "…region is Dublin": 0.74), so the memories with the most subject terms
in common (BM25 over the caller's own keyword postings) are checked too. Each candidate
comes with its cosine to the text; what it means (duplicate, contradiction or news) is
`lifecycle/truth.judge`'s call.
"""

from collections.abc import Awaitable, Callable, Sequence

import numpy as np

from graphmind.core import terms as bm25
from graphmind.lifecycle import truth
from graphmind.memory.keywords import keyword_terms
from graphmind.settings import Settings

Run = Callable[..., Awaitable[list]]  # a transaction's or the database's run/read


async def nearest_active(
    run: Run, user_id: str, embeddings: Sequence[Sequence[float]], k: int, min_similarity: float
) -> list[dict]:
    """The user's active memories nearest each embedding (the vector index, filtered to the
    user): rows {i (which embedding), memory, similarity}, at least `min_similarity`, at most
    `k` per embedding, the most similar first."""
    return await run(
        "memory.nearest_active",
        userId=user_id,
        embeddings=[list(e) for e in embeddings],
        k=k,
        minSimilarity=min_similarity,
    )


async def near(
    run: Run,
    settings: Settings,
    user_id: str,
    texts: Sequence[str],
    vectors: Sequence[np.ndarray],
    extra: int = 0,
    by_subject: Sequence[bool] | None = None,
) -> list[list[tuple[truth.Claim, float]]]:
    """For each text, its candidates (Claim, cosine), most similar first; `extra` widens
    both searches (for callers that drop some candidates, such as a lineage); `by_subject`
    says per text whether to search by subject too (events never conflict, so a duplicate,
    which needs cosine > dedup_threshold, is all their vector neighbours can be)."""
    found: list[dict[str, tuple[truth.Claim, float]]] = [{} for _ in texts]
    if not texts:
        return []
    embeddings = [np.asarray(v, dtype=np.float32).tolist() for v in vectors]
    rows = await nearest_active(
        run,
        user_id,
        embeddings,
        settings.dedup_candidates + extra,
        min(settings.dedup_threshold, settings.conflict_similarity),
    )
    # only the texts searched by subject, and no round trip when there are none (a batch of events)
    probes = [
        {"i": i, "terms": terms, "embedding": embedding}
        for i, (text, embedding) in enumerate(zip(texts, embeddings, strict=True))
        if (by_subject is None or by_subject[i]) and (terms := keyword_terms(text))
    ]
    if probes:
        rows += await run(
            "memory.subject_candidates",
            userId=user_id,
            k=settings.subject_candidates + extra,
            probes=probes,
            postings=settings.recall_keyword_postings,
            bm25=bm25.PARAMETERS,
        )
    for row in rows:
        memory = row["memory"]
        known = found[row["i"]].get(memory["id"])
        if known is None or row["similarity"] > known[1]:
            found[row["i"]][memory["id"]] = (truth.Claim.from_node(memory), row["similarity"])
    return [sorted(by_id.values(), key=lambda n: (-n[1], n[0].id)) for by_id in found]


def earlier_in_batch(
    settings: Settings, texts: Sequence[str], vectors: Sequence[np.ndarray], by_subject: Sequence[bool]
) -> list[list[tuple[int, float]]]:
    """For each text of a batch, the earlier texts of the same batch that are its candidates
    as stored memories would be (`near`): (position, cosine), most similar first. A batch
    is written at once, so "Yolanda moved to Berlin" and "Yolanda moved to Paris" in one
    rememberMany cannot find each other in the store: they are checked here, as two
    remembers one after the other would be. Vectors are unit length: the dot product is
    the cosine, as `nearest_active`'s similarity is."""
    floor = min(settings.dedup_threshold, settings.conflict_similarity)
    terms = [set(keyword_terms(text)) for text in texts]
    found: list[list[tuple[int, float]]] = []
    for p, vector in enumerate(vectors):
        candidates = []
        for q in range(p):
            similarity = float(np.dot(vectors[q], vector))
            if similarity >= floor or (by_subject[p] and terms[p] & terms[q]):
                candidates.append((q, similarity))
        found.append(sorted(candidates, key=lambda c: -c[1]))
    return found
