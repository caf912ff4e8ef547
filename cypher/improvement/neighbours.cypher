// name: neighbours
// For each scanned memory, its owner's most similar active memories (cosine at least minSimilarity, at most k) that are outside scenes, have no active improved version and are not cooling down; the vector index is over-fetched in proportion to the owner's share of all memories.
// mode: read
// params: ids, k, minSimilarity, maxIndexK, cooldownCutoff, now
MATCH (m:Memory) WHERE m.id IN $ids
OPTIONAL MATCH (owner:User {id: m.userId})
WITH m, coalesce(owner.memoryCount, 0) AS owned, COUNT { (:Memory) } AS total
WITH m, CASE WHEN owned >= total THEN $k + 1
             ELSE toInteger(ceil(($k + 1) * 1.3 * total / toFloat(owned + 1))) END AS wanted
WITH m, CASE WHEN wanted > $maxIndexK THEN $maxIndexK ELSE wanted END AS indexK
CALL (m, indexK) {
  CALL db.index.vector.queryNodes('memory_embedding', indexK, m.embedding) YIELD node, score
  WITH node, 2 * score - 1 AS similarity
  WHERE node.userId = m.userId AND node <> m AND node.status = 'active' AND similarity >= $minSimilarity
    AND NOT coalesce(node.inScene, false) AND (node.validUntil IS NULL OR node.validUntil > $now)
    AND NOT EXISTS { (node)<-[:IMPROVES]-(:Memory {status: 'active'}) }
    AND NOT EXISTS { (node)<-[:ABOUT]-(d:ImprovementDecision) WHERE d.at > $cooldownCutoff }
  RETURN node, similarity
  ORDER BY similarity DESC, node.id
  LIMIT $k
}
RETURN m.id AS id, node {.*, entities: [(node)-[:MENTIONS]->(e) | e.name]} AS neighbour, similarity
ORDER BY id, similarity DESC
