// name: subject_candidates
// For each probe (a text's index i, its Lucene query and its embedding), the caller's active memories that share its subject terms (the fulltext index; the user's key is part of the query, so the top hits are the caller's own), best first, at most k, with their cosine to the text. Contradiction candidates besides the vector neighbours (seed 003 policy 5): "…region is Frankfurt" / "…region is Dublin" are only 0.74 apart. Only texts searched by subject are sent (memory/neighbours.py).
// mode: read
// params: userId, probes, k
UNWIND $probes AS probe
CALL (probe) {
  CALL db.index.fulltext.queryNodes('memory_text', probe.lucene, {limit: $k * 2}) YIELD node, score
  WITH node, score
  WHERE node.userId = $userId AND node.status = 'active'
  RETURN node {.id, .content, .contentType, .trust, .validFrom, .createdAt} AS memory,
         2 * vector.similarity.cosine(node.embedding, probe.embedding) - 1 AS similarity
  ORDER BY score DESC
  LIMIT $k
}
RETURN probe.i AS i, memory, similarity
ORDER BY i, similarity DESC
