// name: forget
// Archives one of the caller's memories (soft delete, restorable); returns its status before.
// mode: write
// params: userId, id, now
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
WITH m, m.status AS before
FOREACH (_ IN CASE WHEN before = 'archived' THEN [] ELSE [1] END |
  SET m.status = 'archived', m.statusBeforeArchive = before, m.archivedAt = $now, m.updatedAt = $now)
RETURN before, m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
