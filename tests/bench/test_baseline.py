"""Plain fusion (graphmind/bench/baseline.py): reciprocal rank fusion of exact cosine and
BM25 over one user's memories."""

import numpy as np

from graphmind.bench import baseline
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many


def test_fuse_sums_reciprocal_ranks_and_keeps_first_appearance_on_ties():
    # 2: 1/63 + 1/61 = 0.032266; 1: 1/62 + 1/62 = 0.032258; 0: 1/61
    assert baseline.fuse([[0, 1, 2], [2, 1]], k=60) == [2, 1, 0]
    assert baseline.fuse([[3], [4]]) == [3, 4]  # equal scores: the order they first appeared in
    assert baseline.fuse([]) == []


def test_the_collection_ranks_by_exact_cosine_and_by_bm25():
    rows = [
        {"id": "a", "content": "The orders database runs PostgreSQL", "embedding": [1.0, 0.0]},
        {"id": "b", "content": "Lunch is at noon on Fridays", "embedding": [0.0, 1.0]},
        {"id": "c", "content": "PostgreSQL replicas lag at night", "embedding": [0.6, 0.8]},
    ]
    memories = baseline.Collection.of(rows)
    assert memories.cosine_ranking(np.asarray([0.0, 1.0], dtype=np.float32)) == [1, 2, 0]
    assert memories.bm25_ranking("which postgresql replicas?") == [2, 0]  # b has no query term


async def test_plain_rrf_ranks_the_users_own_memories(deps, user_id):
    texts = [
        "The orders database runs PostgreSQL 16 on three nodes",
        "Our team lunch is on Fridays at noon",
        "The billing service is written in Kotlin",
    ]
    stored = await remember_many(deps, user_id, [parse_memory_input({"content": t}) for t in texts])
    await remember_many(deps, f"{user_id}-other", [parse_memory_input({"content": texts[0]})])
    ids = await baseline.plain_rrf(deps, user_id, "Which database version do the orders run?", 3)
    assert ids[0] == stored[0].memory.id and set(ids) == {s.memory.id for s in stored}
