// name: add_details
// Sets what inputs that repeat the caller's memories added to them (graphmind/memory/repeats.py): their tags and metadata as merged, and MENTIONS of their entities; runs after memory.reinforce in the same transaction.
// mode: write
// params: userId, now, details
UNWIND $details AS row
MATCH (m:Memory {id: row.id}) USING INDEX SEEK m:Memory(id)
WHERE m.userId = $userId
SET m.tags = row.tags, m.metadata = row.metadata, m.updatedAt = $now
WITH m, row
CALL (m, row) {
  UNWIND row.entities AS entity
  MERGE (e:Entity {userId: $userId, key: entity.key})
    ON CREATE SET e.id = randomUUID(), e.name = entity.name, e.createdAt = $now
  MERGE (m)-[:MENTIONS]->(e)
}
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
