// name: finish
// Ends the caller's open session: PROMOTED_TO edges from entries to their memories, RELATED_TO links from promoted memories to the similar ones they were linked with, superseded memories closed (SUPERSEDES; world and belief time, the graph generation moves), the session marked ended. Returns null when the session was not open.
// mode: write
// params: userId, sessionId, promotions, links, supersessions, now
MATCH (s:Session {id: $sessionId}) WHERE s.userId = $userId AND s.status = 'open'
SET s.status = 'ended', s.endedAt = $now, s.updatedAt = $now
WITH s
CALL (s) {
  UNWIND $promotions AS p
  MATCH (s)-[:HAS_ENTRY]->(e:SessionEntry {id: p.entryId})
  MATCH (m:Memory {id: p.memoryId}) WHERE m.userId = $userId
  MERGE (e)-[r:PROMOTED_TO]->(m) ON CREATE SET r.at = $now, r.action = p.action
}
CALL (s) {
  UNWIND $links AS l
  MATCH (a:Memory {id: l.fromId}) WHERE a.userId = $userId
  MATCH (b:Memory {id: l.toId}) WHERE b.userId = $userId
  MERGE (a)-[r:RELATED_TO]->(b) ON CREATE SET r.at = $now, r.similarity = l.similarity, r.sessionId = s.id
}
CALL (s) {
  UNWIND $supersessions AS x
  MATCH (old:Memory {id: x.oldId}) WHERE old.userId = $userId AND old.status = 'active'
  MATCH (new:Memory {id: x.newId}) WHERE new.userId = $userId AND new.status = 'active'
  MERGE (new)-[r:SUPERSEDES]->(old) ON CREATE SET r.at = $now
  SET old.status = 'superseded',
      old.validUntil = CASE
        WHEN old.validUntil IS NOT NULL AND old.validUntil <= $now THEN old.validUntil
        WHEN old.validFrom > $now THEN old.validFrom
        WHEN new.validFrom > old.validFrom AND new.validFrom < $now THEN new.validFrom
        ELSE $now END,
      old.retiredAt = $now,
      old.updatedAt = $now
  WITH count(*) AS superseded
  MATCH (u:User {id: $userId}) WHERE superseded > 0
  SET u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
}
RETURN s {.*} AS session
