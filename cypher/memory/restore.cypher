// name: restore
// Restores one of the caller's archived memories to the status it had (an active one is believed again: retiredAt cleared), restarts its decay clock (a restore is a use, R20) and moves the caller's graph generation; returns its status before, its embedding and its lineage (the memories it was derived from or that were derived from it), which its contradiction check leaves out.
// mode: write
// params: userId, id, now
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
MATCH (u:User {id: $userId})
WITH m, u, m.status AS before
FOREACH (_ IN CASE WHEN before = 'archived' THEN [1] ELSE [] END |
  SET m.status = coalesce(m.statusBeforeArchive, 'active'), m.updatedAt = $now, m.decayedAt = $now,
      m.retiredAt = CASE WHEN coalesce(m.statusBeforeArchive, 'active') = 'active' THEN null ELSE m.retiredAt END,
      u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
  REMOVE m.statusBeforeArchive, m.archivedAt, m.archivedBy)
RETURN before, m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities,
       m.embedding AS embedding, [(m)-[:DERIVED_FROM]-(x) | x.id] AS lineage
