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
    settings: Settings, texts: Sequence[str], vectors: Sequence[np.ndarray]
) -> list[list[tuple[int, float]]]:
    """For each text of a batch (those searched by subject: no events), the earlier texts of
    the same batch that are its candidates as stored memories would be (`near`): (position,
    cosine), most similar first. A batch is written at once, so "Yolanda moved to Berlin"
    and "Yolanda moved to Paris" in one rememberMany cannot find each other in the store:
    they are checked here, as two remembers one after the other would be.

    The same bounds as `near`: the `dedup_candidates` most similar at cosine at least
    min(dedup_threshold, conflict_similarity), and the `subject_candidates` sharing the most
    subject terms, counted over the text's rarest terms in the batch whose earlier
    occurrences fit `recall_keyword_postings` (at least one term), the more similar first
    on a tie. Vectors are unit length: their dot product is the cosine, as
    `nearest_active`'s similarity is."""
    if not texts:
        return []
    floor = min(settings.dedup_threshold, settings.conflict_similarity)
    matrix = np.asarray(vectors, dtype=np.float32)
    similarities = matrix @ matrix.T
    earlier: dict[str, list[int]] = {}  # term -> positions of the earlier texts that have it
    found: list[list[tuple[int, float]]] = []
    for p, text in enumerate(texts):
        row = similarities[p]
        near_ones = [int(q) for q in np.flatnonzero(row[:p] >= floor)]
        chosen = set(sorted(near_ones, key=lambda q: -row[q])[: settings.dedup_candidates])
        terms = keyword_terms(text)
        shared: dict[int, int] = {}
        read = 0
        for term in sorted((t for t in terms if t in earlier), key=lambda t: len(earlier[t])):
            if shared and read + len(earlier[term]) > settings.recall_keyword_postings:
                break
            read += len(earlier[term])
            for q in earlier[term]:
                shared[q] = shared.get(q, 0) + 1
        chosen |= set(sorted(shared, key=lambda q: (-shared[q], -row[q]))[: settings.subject_candidates])
        for term in terms:
            earlier.setdefault(term, []).append(p)
        found.append(sorted(((q, float(row[q])) for q in chosen), key=lambda c: -c[1]))
    return found
