// name: neighbours
// For each scanned memory, its owner's most similar active memories (cosine at least minSimilarity, at most k) that are outside scenes, have no active improved version and are not cooling down. The vector index filters by owner and status itself; searchK (a few times k) of the owner's nearest leave room for the other conditions, which the index cannot test.
// mode: read
// params: ids, k, searchK, minSimilarity, cooldownCutoff, now
CYPHER 25
MATCH (m:Memory) WHERE m.id IN $ids
CALL (m) {
  // a filtered SEARCH that matches no memory fails inside Neo4j 2026.09 (docs/architecture.md): only search when one does
  WITH m WHERE EXISTS { MATCH (x:Memory {userId: m.userId, status: 'active'}) WHERE x <> m }
  MATCH (node:Memory)
    SEARCH node IN (VECTOR INDEX memory_embedding FOR m.embedding
                    WHERE node.userId = m.userId AND node.status = 'active' LIMIT $searchK)
    SCORE AS score
  WITH node, 2 * score - 1 AS similarity
  WHERE node <> m AND similarity >= $minSimilarity
    AND NOT coalesce(node.inScene, false) AND (node.validUntil IS NULL OR node.validUntil > $now)
    AND NOT EXISTS { (node)<-[:IMPROVES]-(:Memory {status: 'active'}) }
    AND NOT EXISTS { (node)<-[:ABOUT]-(d:ImprovementDecision) WHERE d.at > $cooldownCutoff }
  RETURN node, similarity
  ORDER BY similarity DESC, node.id
  LIMIT $k
}
RETURN m.id AS id, node {.*, entities: [(node)-[:MENTIONS]->(e) | e.name]} AS neighbour, similarity
ORDER BY id, similarity DESC
