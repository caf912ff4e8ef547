// name: scan
// The self-improvement worker's scan: the hottest active, still valid memories (most accessed, then most recently used) outside scenes, without an active improved version and not cooling down (no decision about them since cooldownCutoff); every user's, or those of the given users.
// mode: read
// params: userIds, cooldownCutoff, limit, now
MATCH (m:Memory)
WHERE ($userIds IS NULL OR m.userId IN $userIds) AND m.status = 'active' AND NOT coalesce(m.inScene, false) AND (m.validUntil IS NULL OR m.validUntil > $now)
  AND NOT EXISTS { (m)<-[:IMPROVES]-(:Memory {status: 'active'}) }
  AND NOT EXISTS { (m)<-[:ABOUT]-(d:ImprovementDecision) WHERE d.at > $cooldownCutoff }
WITH m ORDER BY coalesce(m.accessCount, 0) DESC, coalesce(m.lastAccessedAt, m.createdAt) DESC, m.id
LIMIT $limit
RETURN m {.*, entities: [(m)-[:MENTIONS]->(e) | e.name]} AS memory
