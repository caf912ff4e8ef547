// name: create_session
// Tests only: a Session of the caller with its entries (HAS_ENTRY, PROMOTED_TO their memories) and RELATED_TO links between the caller's memories, as the sessions contract stores them.
// mode: write
// params: userId, session, entries, related, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
CREATE (s:Session {id: $session.id, userId: $userId, agentId: $session.agentId, goal: $session.goal,
                   status: $session.status, startedAt: $now, endedAt: $session.endedAt,
                   entryCount: size($entries)})
WITH s
CALL (s) {
  UNWIND $entries AS entry
  CREATE (e:SessionEntry {id: entry.id, userId: $userId, sessionId: s.id, kind: entry.kind,
                          text: entry.text, position: entry.position, at: $now,
                          resolved: entry.resolved, rootCause: entry.rootCause, solution: entry.solution})
  CREATE (s)-[:HAS_ENTRY]->(e)
  WITH e, entry
  OPTIONAL MATCH (m:Memory {id: entry.promotedTo})
  WHERE m.userId = $userId
  FOREACH (_ IN CASE WHEN m IS NULL THEN [] ELSE [1] END | CREATE (e)-[:PROMOTED_TO {at: $now}]->(m))
}
CALL () {
  UNWIND $related AS link
  MATCH (a:Memory {id: link.fromId}) WHERE a.userId = $userId
  MATCH (b:Memory {id: link.toId}) WHERE b.userId = $userId
  MERGE (a)-[:RELATED_TO {at: $now}]->(b)
}
RETURN s.id AS id
