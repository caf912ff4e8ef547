// name: create_memories
// Creates a batch of memories in order, chains them onto the caller's timeline (NEXT, LATEST), links their entities (MENTIONS), indexes their text for keyword recall (memory.index_terms, termRows) and appends the batch's events; runs after memory.lock_user in the same transaction.
// mode: write
// params: userId, now, memories, events, termRows
// include: events.append
MATCH (u:User {id: $userId})
OPTIONAL MATCH (u)-[latest:LATEST]->(previous:Memory)
CALL (u) {
  UNWIND range(0, size($memories) - 1) AS i
  WITH i, $memories[i] AS row
  CREATE (m:Memory {
    id: row.id, userId: $userId,
    content: row.content, contentType: row.contentType, temporalLevel: row.temporalLevel,
    validFrom: row.validFrom, validUntil: row.validUntil,
    baseSalience: row.baseSalience, outcomeAdjustment: 0.0, effectiveSalience: row.baseSalience,
    source: row.source, trust: row.trust, tags: row.tags, metadata: row.metadata,
    embedding: row.embedding, tokenCount: row.tokenCount, status: 'active', accessCount: 0,
    createdAt: $now, updatedAt: $now
  })
  WITH i, m, row
  CALL (m, row) {
    UNWIND row.entities AS entity
    MERGE (e:Entity {userId: $userId, key: entity.key})
      ON CREATE SET e.id = randomUUID(), e.name = entity.name, e.createdAt = $now
    MERGE (m)-[:MENTIONS]->(e)
  }
  RETURN i, m
}
WITH u, latest, previous, i, m
ORDER BY i
WITH u, latest, previous, collect(m) AS created
WITH u, latest, previous, created, head(created) AS first, last(created) AS newest
FOREACH (_ IN CASE WHEN previous IS NULL THEN [] ELSE [1] END | CREATE (previous)-[:NEXT]->(first))
FOREACH (i IN range(0, size(created) - 2) |
  FOREACH (a IN [created[i]] | FOREACH (b IN [created[i + 1]] | CREATE (a)-[:NEXT]->(b))))
DELETE latest
CREATE (u)-[:LATEST]->(newest)
SET u.memoryCount = u.memoryCount + size(created)
WITH created
// include: memory.index_terms
WITH created
UNWIND created AS m
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
