// name: restore
// Restores one of the caller's archived memories to the status it had; returns its status before.
// mode: write
// params: userId, id, now
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
WITH m, m.status AS before
FOREACH (_ IN CASE WHEN before = 'archived' THEN [1] ELSE [] END |
  SET m.status = coalesce(m.statusBeforeArchive, 'active'), m.updatedAt = $now
  REMOVE m.statusBeforeArchive, m.archivedAt)
RETURN before, m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
