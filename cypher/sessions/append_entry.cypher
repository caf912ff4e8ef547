// name: append_entry
// Appends an entry to the caller's open session (locking it, so positions never collide) and returns the session's earlier entries of the kinds loop detection and signals need, with embeddings.
// mode: write
// params: userId, sessionId, entry, now
MATCH (s:Session {id: $sessionId}) WHERE s.userId = $userId
SET s._lock = true
REMOVE s._lock
WITH s
CALL (s) {
  MATCH (s)-[:HAS_ENTRY]->(earlier:SessionEntry)
  RETURN collect(earlier {.id, .kind, .text, .position, .at, .sessionId, .resolved,
                          embedding: CASE WHEN earlier.kind = 'rejected' THEN earlier.embedding END}) AS earlier
}
WITH s, earlier
WHERE s.status = 'open'
CREATE (e:SessionEntry {id: $entry.id, userId: $userId, sessionId: s.id, kind: $entry.kind, text: $entry.text,
                        embedding: $entry.embedding, position: s.entryCount, at: $now, resolved: false})
CREATE (s)-[:HAS_ENTRY]->(e)
SET s.entryCount = s.entryCount + 1, s.updatedAt = $now
RETURN e {.*, embedding: null} AS entry, earlier
