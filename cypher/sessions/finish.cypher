// name: finish
// Ends the caller's open session: PROMOTED_TO edges from entries to their memories, RELATED_TO links from promoted memories to the similar ones they were linked with, the session marked ended (supersessions are settled by the remember path). Returns nothing when the session was not open; else the session and, read under its lock, its entries as [id, rootCause, solution] (an entry logged or a blocker resolved since the caller read them makes the caller start over).
// mode: write
// params: userId, sessionId, promotions, links, now
MATCH (s:Session {id: $sessionId}) WHERE s.userId = $userId AND s.status = 'open'
SET s.status = 'ended', s.endedAt = $now, s.updatedAt = $now
WITH s
CALL (s) {
  MATCH (s)-[:HAS_ENTRY]->(e:SessionEntry)
  RETURN collect([e.id, e.rootCause, e.solution]) AS entries
}
CALL (s) {
  UNWIND $promotions AS p
  MATCH (s)-[:HAS_ENTRY]->(e:SessionEntry {id: p.entryId})
  MATCH (m:Memory {id: p.memoryId}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
  MERGE (e)-[r:PROMOTED_TO]->(m) ON CREATE SET r.at = $now, r.action = p.action
}
CALL (s) {
  UNWIND $links AS l
  MATCH (a:Memory {id: l.fromId}) USING INDEX SEEK a:Memory(id) WHERE a.userId = $userId
  MATCH (b:Memory {id: l.toId}) USING INDEX SEEK b:Memory(id) WHERE b.userId = $userId AND b.status = 'active'
  MERGE (a)-[r:RELATED_TO]->(b) ON CREATE SET r.at = $now, r.similarity = l.similarity, r.sessionId = s.id
}
RETURN s {.*} AS session, entries
