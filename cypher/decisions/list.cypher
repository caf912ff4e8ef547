// name: list
// A page of the ids of the caller's chosen decisions, newest first, after a (createdAt, id) cursor, filtered by type, time, session, outcome (quality of the current one) and an influencing memory.
// mode: read
// params: userId, filters, after, pageSize
// $filters and $after (the cursor) hold values that may be null, each in one map (one cached plan: db/database.py, `nullable`)
MATCH (d:Decision)
WHERE d.userId = $userId AND d.chosen
  AND ($filters.decisionTypes IS NULL OR d.decisionType IN $filters.decisionTypes)
  AND ($filters.madeAfter IS NULL OR d.createdAt > $filters.madeAfter)
  AND ($filters.madeBefore IS NULL OR d.createdAt < $filters.madeBefore)
  AND ($filters.sessionId IS NULL OR d.sessionId = $filters.sessionId)
  AND ($filters.hasOutcome IS NULL OR coalesce(d.outcomeObserved, false) = $filters.hasOutcome)
  AND ($filters.minQuality IS NULL OR d.outcomeQuality >= $filters.minQuality)
  AND ($filters.maxQuality IS NULL OR d.outcomeQuality <= $filters.maxQuality)
  AND ($filters.memoryId IS NULL OR EXISTS { MATCH (m:Memory {id: $filters.memoryId})-[:INFLUENCED]->(d) WHERE m.userId = $userId })
  AND ($after.createdAt IS NULL OR d.createdAt < $after.createdAt
       OR (d.createdAt = $after.createdAt AND d.id < $after.id))
RETURN d.id AS id
ORDER BY d.createdAt DESC, d.id DESC
LIMIT $pageSize
