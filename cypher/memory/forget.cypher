// name: forget
// Archives one of the caller's memories (soft delete, restorable): no longer believed from now (retiredAt), and the caller's graph generation moves; returns its status before.
// mode: write
// params: userId, id, now
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
MATCH (u:User {id: $userId})
WITH m, u, m.status AS before
FOREACH (_ IN CASE WHEN before = 'archived' THEN [] ELSE [1] END |
  SET m.status = 'archived', m.statusBeforeArchive = before, m.archivedAt = $now, m.updatedAt = $now,
      m.retiredAt = coalesce(m.retiredAt, $now),
      u.graphGeneration = coalesce(u.graphGeneration, 0) + 1)
RETURN before, m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
