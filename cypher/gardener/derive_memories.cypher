// name: derive_memories
// Writes the semantic memories consolidation derived (memory.index_terms then indexes their text) (append-only: DERIVED_FROM their episodes, with their entities) and marks every clustered episode consolidated.
// mode: write
// params: userId, userKey, derived, consolidated, now
CALL () {
  UNWIND $derived AS row
  CREATE (m:Memory {
    id: row.id, userId: $userId, userKey: $userKey,
    content: row.content, contentType: row.contentType, temporalLevel: row.temporalLevel,
    validFrom: row.validFrom, validUntil: null,
    baseSalience: row.baseSalience, outcomeAdjustment: 0.0, effectiveSalience: row.baseSalience,
    source: row.source, trust: row.trust, tags: row.tags, metadata: row.metadata,
    embedding: row.embedding, status: 'active', accessCount: 0, derivedBy: row.derivedBy,
    createdAt: $now, updatedAt: $now
  })
  WITH m, row
  CALL (m, row) {
    UNWIND row.members AS memberId
    MATCH (episode:Memory {id: memberId}) WHERE episode.userId = $userId
    CREATE (m)-[:DERIVED_FROM]->(episode)
  }
  CALL (m, row) {
    UNWIND row.entities AS entity
    MERGE (e:Entity {userId: $userId, key: entity.key})
      ON CREATE SET e.id = randomUUID(), e.name = entity.name, e.createdAt = $now
    MERGE (m)-[:MENTIONS]->(e)
  }
}
CALL () {
  UNWIND $consolidated AS id
  MATCH (episode:Memory {id: id}) WHERE episode.userId = $userId
  SET episode.consolidatedAt = $now
}
MATCH (u:User {id: $userId})
SET u.memoryCount = u.memoryCount + size($derived)
RETURN size($derived) AS derived
