// name: session
// One working session: its entries (numbered by position), the memories they were promoted to (and the memories those link to or supersede), and the snapshot it ended with.
// mode: read
// params: userId, sessionId
// In Browser: :param userId => "alice" and :param sessionId => "…" (from start_here or startSession).
MATCH (s:Session {id: $sessionId})
WHERE s.userId = $userId
CALL (s) {
  RETURN s AS item
UNION
  MATCH p = (s)-[:HAS_ENTRY]->(:SessionEntry)
  RETURN p AS item
UNION
  MATCH p = (s)-[:HAS_ENTRY]->(:SessionEntry)-[:PROMOTED_TO]->(m:Memory)
  WHERE m.userId = $userId
  RETURN p AS item
UNION
  MATCH p = (s)-[:HAS_ENTRY]->(:SessionEntry)-[:PROMOTED_TO]->(:Memory)-[:RELATED_TO|SUPERSEDES]->(m:Memory)
  WHERE m.userId = $userId
  RETURN p AS item
UNION
  MATCH p = (s)-[:ENDED_WITH]->(:Snapshot)
  RETURN p AS item
}
RETURN item
