// name: resolve_blocker
// Records how one of the caller's blockers was solved (root cause, solution); the session must still be open. Locks the session first, so an endSession either sees the resolution or ends the session before it.
// mode: write
// params: userId, entryId, rootCause, solution, now
MATCH (s:Session)-[:HAS_ENTRY]->(e:SessionEntry {id: $entryId})
WHERE e.userId = $userId
SET s._lock = true
REMOVE s._lock
WITH s, e
SET e.resolved = CASE WHEN s.status = 'open' AND e.kind = 'blocker' THEN true ELSE e.resolved END,
    e.rootCause = CASE WHEN s.status = 'open' AND e.kind = 'blocker' THEN $rootCause ELSE e.rootCause END,
    e.solution = CASE WHEN s.status = 'open' AND e.kind = 'blocker' THEN $solution ELSE e.solution END,
    e.resolvedAt = CASE WHEN s.status = 'open' AND e.kind = 'blocker' THEN $now ELSE e.resolvedAt END
RETURN e {.*, embedding: null} AS entry, s.status AS sessionStatus
