// name: list
// A page of the ids of the caller's chosen decisions, newest first, after a (createdAt, id) cursor, filtered by type, time, session, outcome (quality of the current one) and an influencing memory.
// mode: read
// params: userId, decisionTypes, madeAfter, madeBefore, sessionId, hasOutcome, minQuality, maxQuality, memoryId, afterCreatedAt, afterId, pageSize
MATCH (d:Decision)
WHERE d.userId = $userId AND d.chosen
  AND ($decisionTypes IS NULL OR d.decisionType IN $decisionTypes)
  AND ($madeAfter IS NULL OR d.createdAt > $madeAfter)
  AND ($madeBefore IS NULL OR d.createdAt < $madeBefore)
  AND ($sessionId IS NULL OR d.sessionId = $sessionId)
  AND ($hasOutcome IS NULL OR coalesce(d.outcomeObserved, false) = $hasOutcome)
  AND ($minQuality IS NULL OR d.outcomeQuality >= $minQuality)
  AND ($maxQuality IS NULL OR d.outcomeQuality <= $maxQuality)
  AND ($memoryId IS NULL OR EXISTS { MATCH (m:Memory {id: $memoryId})-[:INFLUENCED]->(d) WHERE m.userId = $userId })
  AND ($afterCreatedAt IS NULL OR d.createdAt < $afterCreatedAt
       OR (d.createdAt = $afterCreatedAt AND d.id < $afterId))
RETURN d.id AS id
ORDER BY d.createdAt DESC, d.id DESC
LIMIT $pageSize
