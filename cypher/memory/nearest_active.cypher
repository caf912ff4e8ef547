// name: nearest_active
// For each embedding, the caller's most similar active memory (cosine) among the vector index's k nearest; used for deduplication (rule R4).
// mode: read
// params: userId, embeddings, k
UNWIND range(0, size($embeddings) - 1) AS i
CALL (i) {
  CALL db.index.vector.queryNodes('memory_embedding', $k, $embeddings[i]) YIELD node, score
  WHERE node.userId = $userId AND node.status = 'active'
  RETURN node.id AS id, 2 * score - 1 AS similarity
  ORDER BY score DESC
  LIMIT 1
}
RETURN i, id, similarity
