// name: graph_memories
// Benchmark fixture: creates a batch of a synthetic user's memories (no embedding), chained on the timeline after the previous batch, with their entity mentions.
// mode: write
// params: userId, memories, previousId, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
WITH u
UNWIND range(0, size($memories) - 1) AS i
WITH u, i, $memories[i] AS row
CREATE (m:Memory {
  id: row.id, userId: $userId, content: row.content, contentType: 'event', temporalLevel: 2,
  validFrom: row.validFrom, baseSalience: 0.6, outcomeAdjustment: 0.0, effectiveSalience: 0.6,
  source: 'user', trust: 0.8, tags: [], metadata: '{}', status: 'active', accessCount: 0,
  createdAt: $now, updatedAt: $now
})
WITH u, i, m, row
CALL (m, row) {
  UNWIND row.entities AS key
  MERGE (e:Entity {userId: $userId, key: key})
    ON CREATE SET e.id = randomUUID(), e.name = key, e.createdAt = $now
  CREATE (m)-[:MENTIONS]->(e)
}
WITH u, collect(m) AS created
OPTIONAL MATCH (previous:Memory {id: $previousId})
FOREACH (first IN CASE WHEN previous IS NULL THEN [] ELSE [created[0]] END | CREATE (previous)-[:NEXT]->(first))
FOREACH (i IN range(0, size(created) - 2) |
  FOREACH (a IN [created[i]] | FOREACH (b IN [created[i + 1]] | CREATE (a)-[:NEXT]->(b))))
SET u.memoryCount = u.memoryCount + size(created)
RETURN size(created) AS created
