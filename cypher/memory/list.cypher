// name: list
// A page of the caller's memories, newest first, after a (createdAt, id) cursor, with optional filters.
// mode: read
// params: userId, statuses, filters, after, pageSize
// $filters and $after (the cursor) hold values that may be null, each in one map (one cached plan: db/database.py, `nullable`)
// A page reads the (userId, status, createdAt) index newest first from the cursor, per
// status, until $pageSize memories qualify, not every memory of the user: the oldest of
// them bounds the page, and every memory of the status from that bound to the cursor is
// read again, so that ties on createdAt (one rememberMany batch shares its time) are
// ordered by id, as the cursor is. With filters that keep most memories that is about the
// page's size (and the ties at the bound); with filters that keep few, up to twice what
// lies between the cursor and the last match; and a page that is not full (a walk's last)
// reads every older memory of the status, as every page did before.
WITH coalesce($after.createdAt, datetime({year: 9999})) AS before
UNWIND $statuses AS status
WITH DISTINCT before, status
CALL (before, status) {
  MATCH (m:Memory)
  USING INDEX SEEK m:Memory(userId, status, createdAt)
  WHERE m.userId = $userId AND m.status = status AND m.createdAt <= before
    AND NOT coalesce(m.createdAt = $after.createdAt AND m.id >= $after.id, false)
    AND ($filters.contentTypes IS NULL OR m.contentType IN $filters.contentTypes)
    AND ($filters.temporalLevels IS NULL OR m.temporalLevel IN $filters.temporalLevels)
    AND ($filters.tags IS NULL OR any(tag IN m.tags WHERE tag IN $filters.tags))
  WITH m ORDER BY m.userId DESC, m.status DESC, m.createdAt DESC LIMIT $pageSize
  RETURN min(m.createdAt) AS bound
}
CALL (before, status, bound) {
  MATCH (m:Memory)
  USING INDEX SEEK m:Memory(userId, status, createdAt)
  WHERE m.userId = $userId AND m.status = status AND m.createdAt >= bound AND m.createdAt <= before
    AND NOT coalesce(m.createdAt = $after.createdAt AND m.id >= $after.id, false)
    AND ($filters.contentTypes IS NULL OR m.contentType IN $filters.contentTypes)
    AND ($filters.temporalLevels IS NULL OR m.temporalLevel IN $filters.temporalLevels)
    AND ($filters.tags IS NULL OR any(tag IN m.tags WHERE tag IN $filters.tags))
  RETURN m
}
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
ORDER BY m.createdAt DESC, m.id DESC
LIMIT $pageSize
