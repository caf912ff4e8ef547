// name: reinforce
// Reinforces the caller's existing memories that a new input duplicated (access count and last access, rule R4).
// mode: write
// params: userId, ids, now
UNWIND $ids AS id
MATCH (m:Memory {id: id}) USING INDEX SEEK m:Memory(id)
WHERE m.userId = $userId
SET m.accessCount = coalesce(m.accessCount, 0) + 1, m.lastAccessedAt = $now
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
