// name: nearest_active
// For each embedding, the caller's most similar active memories (cosine at least minSimilarity, best first, at most k): the vector index filters by owner and status itself, so these are the caller's exact top k. Used for deduplication (rule R4), contradiction checks (seed 003 policy 5), session recall and promotion novelty.
// mode: read
// params: userId, embeddings, k, minSimilarity
CYPHER 25
UNWIND range(0, size($embeddings) - 1) AS i
CALL (i) {
  // a filtered SEARCH that matches no memory fails inside Neo4j 2026.09 (docs/architecture.md): only search when one does
  WITH i WHERE EXISTS { MATCH (x:Memory {userId: $userId, status: 'active'}) }
  MATCH (node:Memory)
    SEARCH node IN (VECTOR INDEX memory_embedding FOR $embeddings[i]
                    WHERE node.userId = $userId AND node.status = 'active' LIMIT $k)
    SCORE AS score
  WITH node, 2 * score - 1 AS similarity
  WHERE similarity >= $minSimilarity
  RETURN node {.id, .content, .contentType, .trust, .validFrom, .validUntil, .createdAt} AS memory, similarity
}
RETURN i, memory, similarity
ORDER BY i, similarity DESC
