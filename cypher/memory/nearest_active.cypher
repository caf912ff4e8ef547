// name: nearest_active
// For each embedding, the caller's most similar active memories (cosine at least minSimilarity, best first, at most k) among the vector index's nearest, fetched in proportion to the caller's share of all memories; used for deduplication (rule R4) and contradiction checks (seed 003 policy 5).
// mode: read
// params: userId, embeddings, k, minSimilarity, maxIndexK
OPTIONAL MATCH (owner:User {id: $userId})
WITH coalesce(owner.memoryCount, 0) AS owned, COUNT { (:Memory) } AS total
// over-fetch in proportion to other users' memories (the index cannot filter by user)
WITH CASE WHEN owned >= total THEN $k
          ELSE toInteger(ceil($k * 1.3 * total / toFloat(owned + 1))) END AS wanted
WITH CASE WHEN wanted < $k THEN $k WHEN wanted > $maxIndexK THEN $maxIndexK ELSE wanted END AS indexK
UNWIND range(0, size($embeddings) - 1) AS i
CALL (i, indexK) {
  CALL db.index.vector.queryNodes('memory_embedding', indexK, $embeddings[i]) YIELD node, score
  WITH node, 2 * score - 1 AS similarity
  WHERE node.userId = $userId AND node.status = 'active' AND similarity >= $minSimilarity
  RETURN node {.id, .content, .contentType, .trust, .validFrom, .createdAt} AS memory, similarity
  ORDER BY similarity DESC
  LIMIT $k
}
RETURN i, memory, similarity
ORDER BY i, similarity DESC
