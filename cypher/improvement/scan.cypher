// name: scan
// The self-improvement worker's scan: the hottest active, still valid memories (most accessed, then most recently used) outside scenes, without an active improved version and not cooling down (no decision about them since cooldownCutoff); every user's, or one user's.
// mode: read
// params: userId, cooldownCutoff, limit, now
MATCH (m:Memory)
WHERE ($userId IS NULL OR m.userId = $userId) AND m.status = 'active' AND NOT coalesce(m.inScene, false) AND (m.validUntil IS NULL OR m.validUntil > $now)
  AND NOT EXISTS { (m)<-[:IMPROVES]-(:Memory {status: 'active'}) }
  AND NOT EXISTS { (m)<-[:ABOUT]-(d:ImprovementDecision) WHERE d.at > $cooldownCutoff }
WITH m ORDER BY coalesce(m.accessCount, 0) DESC, coalesce(m.lastAccessedAt, m.createdAt) DESC, m.id
LIMIT $limit
RETURN m {.*, entities: [(m)-[:MENTIONS]->(e) | e.name]} AS memory
