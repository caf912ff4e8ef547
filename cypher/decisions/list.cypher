// name: list
// A page of the ids of the caller's chosen decisions, newest first, after a (createdAt, id) cursor, filtered by type, time, session, outcome (quality of the current one) and an influencing memory.
// mode: read
// params: userId, filters, after, pageSize
// $filters and $after (the cursor) hold values that may be null, each in one map (one cached plan: db/database.py, `nullable`)
// A page reads the (userId, createdAt) index (schema 074) newest first from the cursor,
// within madeAfter and madeBefore, until $pageSize decisions qualify, not every decision of
// the user: the oldest of them bounds the page, and every decision from that bound to the
// cursor is read again, so that ties on createdAt are ordered by id, as the cursor is
// (memory/list.cypher does the same). With filters that keep most decisions that is about
// the page's size; with filters that keep few, up to twice what lies between the cursor
// and the last match; and a page that is not full (a walk's last) reads everything older
// within the filters' time range, as every page did before.
WITH coalesce($after.createdAt, datetime({year: 9999})) AS before,
     coalesce($filters.madeBefore, datetime({year: 9999})) AS until,
     coalesce($filters.madeAfter, datetime({year: 1})) AS since
CALL (before, until, since) {
  MATCH (d:Decision)
  USING INDEX SEEK d:Decision(userId, createdAt)
  WHERE d.userId = $userId AND d.createdAt <= before AND d.createdAt < until AND d.createdAt > since AND d.chosen
    AND NOT coalesce(d.createdAt = $after.createdAt AND d.id >= $after.id, false)
    AND ($filters.decisionTypes IS NULL OR d.decisionType IN $filters.decisionTypes)
    AND ($filters.sessionId IS NULL OR d.sessionId = $filters.sessionId)
    AND ($filters.hasOutcome IS NULL OR coalesce(d.outcomeObserved, false) = $filters.hasOutcome)
    AND ($filters.minQuality IS NULL OR d.outcomeQuality >= $filters.minQuality)
    AND ($filters.maxQuality IS NULL OR d.outcomeQuality <= $filters.maxQuality)
    AND ($filters.memoryId IS NULL OR EXISTS { MATCH (m:Memory {id: $filters.memoryId})-[:INFLUENCED]->(d) WHERE m.userId = $userId })
  WITH d ORDER BY d.userId DESC, d.createdAt DESC LIMIT $pageSize
  RETURN min(d.createdAt) AS bound
}
MATCH (d:Decision)
USING INDEX SEEK d:Decision(userId, createdAt)
WHERE d.userId = $userId AND d.createdAt >= bound AND d.createdAt <= before AND d.createdAt < until AND d.chosen
  AND NOT coalesce(d.createdAt = $after.createdAt AND d.id >= $after.id, false)
  AND ($filters.decisionTypes IS NULL OR d.decisionType IN $filters.decisionTypes)
  AND ($filters.sessionId IS NULL OR d.sessionId = $filters.sessionId)
  AND ($filters.hasOutcome IS NULL OR coalesce(d.outcomeObserved, false) = $filters.hasOutcome)
  AND ($filters.minQuality IS NULL OR d.outcomeQuality >= $filters.minQuality)
  AND ($filters.maxQuality IS NULL OR d.outcomeQuality <= $filters.maxQuality)
  AND ($filters.memoryId IS NULL OR EXISTS { MATCH (m:Memory {id: $filters.memoryId})-[:INFLUENCED]->(d) WHERE m.userId = $userId })
RETURN d.id AS id
ORDER BY d.createdAt DESC, d.id DESC
LIMIT $pageSize
