// name: nearest_active
// For each embedding, the caller's most similar active memory (cosine) among the vector index's nearest, fetched in proportion to the caller's share of all memories; used for deduplication (rule R4).
// mode: read
// params: userId, embeddings, k, maxIndexK
OPTIONAL MATCH (owner:User {id: $userId})
WITH coalesce(owner.memoryCount, 0) AS owned, COUNT { (:Memory) } AS total
// over-fetch in proportion to other users' memories (the index cannot filter by user)
WITH CASE WHEN owned >= total THEN $k
          ELSE toInteger(ceil($k * 1.3 * total / toFloat(owned + 1))) END AS wanted
WITH CASE WHEN wanted < $k THEN $k WHEN wanted > $maxIndexK THEN $maxIndexK ELSE wanted END AS indexK
UNWIND range(0, size($embeddings) - 1) AS i
CALL (i, indexK) {
  CALL db.index.vector.queryNodes('memory_embedding', indexK, $embeddings[i]) YIELD node, score
  WITH node, score WHERE node.userId = $userId AND node.status = 'active'
  RETURN node.id AS id, 2 * score - 1 AS similarity
  ORDER BY score DESC
  LIMIT 1
}
RETURN i, id, similarity
