// name: sweep
// The worker's warm sample: the next memories by id after the sweep cursor that the scan would also accept (active, still valid, outside scenes, no active improved version, not cooling down), so that over many cycles every memory is examined, not only the hottest.
// mode: read
// params: userIds, afterId, cooldownCutoff, limit, now
MATCH (m:Memory)
WHERE m.id > $afterId AND ($userIds IS NULL OR m.userId IN $userIds) AND m.status = 'active'
  AND NOT coalesce(m.inScene, false) AND (m.validUntil IS NULL OR m.validUntil > $now)
  AND NOT EXISTS { (m)<-[:IMPROVES]-(:Memory {status: 'active'}) }
  AND NOT EXISTS { (m)<-[:ABOUT]-(d:ImprovementDecision) WHERE d.at > $cooldownCutoff }
WITH m ORDER BY m.id
LIMIT $limit
RETURN m {.*, entities: [(m)-[:MENTIONS]->(e) | e.name]} AS memory
