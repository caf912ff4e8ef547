// name: supersede
// Marks the caller's old memory superseded by a newer one: SUPERSEDES edge, validity closed, nothing deleted.
// mode: write
// params: userId, oldId, newId, now
MATCH (old:Memory {id: $oldId}) WHERE old.userId = $userId AND old.status = 'active'
MATCH (new:Memory {id: $newId}) WHERE new.userId = $userId AND new.status = 'active'
MERGE (new)-[s:SUPERSEDES]->(old)
  ON CREATE SET s.at = $now
SET old.status = 'superseded',
    old.validUntil = CASE
      WHEN old.validUntil IS NOT NULL AND old.validUntil <= $now THEN old.validUntil
      WHEN old.validFrom > $now THEN old.validFrom
      ELSE $now END,
    old.updatedAt = $now
RETURN old {.*, embedding: null} AS memory, [(old)-[:MENTIONS]->(e) | e.name] AS entities,
       new {.*, embedding: null} AS replacement, [(new)-[:MENTIONS]->(e) | e.name] AS replacementEntities
