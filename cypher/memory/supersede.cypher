// name: supersede
// Marks the caller's old memory superseded by a newer one: SUPERSEDES edge, nothing deleted. Both clocks close: world time (validUntil: when the newer one became valid, or now; the validity it closed is kept in validUntilBeforeSupersede for a restore) and belief time (retiredAt: now). The caller's graph generation moves (trails count it).
// mode: write
// params: userId, oldId, newId, now
MATCH (old:Memory {id: $oldId}) WHERE old.userId = $userId AND old.status = 'active'
MATCH (new:Memory {id: $newId}) WHERE new.userId = $userId AND new.status = 'active'
MATCH (u:User {id: $userId})
MERGE (new)-[s:SUPERSEDES]->(old)
  ON CREATE SET s.at = $now
SET old.status = 'superseded',
    old.validUntilBeforeSupersede = old.validUntil,
    old.validUntil = CASE
      WHEN old.validUntil IS NOT NULL AND old.validUntil <= $now THEN old.validUntil
      WHEN old.validFrom > $now THEN old.validFrom
      WHEN new.validFrom > old.validFrom AND new.validFrom < $now THEN new.validFrom
      ELSE $now END,
    old.retiredAt = $now,
    old.updatedAt = $now,
    u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
RETURN old {.*, embedding: null} AS memory, [(old)-[:MENTIONS]->(e) | e.name] AS entities,
       new {.*, embedding: null} AS replacement, [(new)-[:MENTIONS]->(e) | e.name] AS replacementEntities
