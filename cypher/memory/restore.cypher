// name: restore
// Restores one of the caller's memories: an archived one to the status it had (an active one is believed again: retiredAt cleared), or a superseded one that no active memory supersedes any more (its superseders forgotten or superseded themselves) to active, believed again with the validity its supersession closed; restarts its decay clock (a restore is a use, R20) and moves the caller's graph generation. Returns its status before, the active memories that still supersede it (a superseded memory is then left as it is), its embedding and its lineage (the memories it was derived from or that were derived from it), which its contradiction check leaves out.
// mode: write
// params: userId, id, now
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
MATCH (u:User {id: $userId})
WITH m, u, m.status AS before, [(m)<-[:SUPERSEDES]-(w:Memory) WHERE w.status = 'active' | w.id] AS supersededBy
FOREACH (_ IN CASE WHEN before = 'archived' THEN [1] ELSE [] END |
  SET m.status = coalesce(m.statusBeforeArchive, 'active'), m.updatedAt = $now, m.decayedAt = $now,
      m.retiredAt = CASE WHEN coalesce(m.statusBeforeArchive, 'active') = 'active' THEN null ELSE m.retiredAt END,
      u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
  REMOVE m.statusBeforeArchive, m.archivedAt, m.archivedBy)
FOREACH (_ IN CASE WHEN before = 'superseded' AND size(supersededBy) = 0 THEN [1] ELSE [] END |
  SET m.status = 'active', m.updatedAt = $now, m.decayedAt = $now, m.retiredAt = null,
      m.validUntil = m.validUntilBeforeSupersede,
      u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
  REMOVE m.validUntilBeforeSupersede)
RETURN before, supersededBy, m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities,
       m.embedding AS embedding, [(m)-[:DERIVED_FROM]-(x) | x.id] AS lineage
