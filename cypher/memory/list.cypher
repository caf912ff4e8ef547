// name: list
// A page of the caller's memories, newest first, after a (createdAt, id) cursor, with optional filters.
// mode: read
// params: userId, statuses, filters, after, pageSize
// $filters and $after (the cursor) hold values that may be null, each in one map (one cached plan: db/database.py, `nullable`)
MATCH (m:Memory)
WHERE m.userId = $userId
  AND m.status IN $statuses
  AND ($filters.contentTypes IS NULL OR m.contentType IN $filters.contentTypes)
  AND ($filters.temporalLevels IS NULL OR m.temporalLevel IN $filters.temporalLevels)
  AND ($filters.tags IS NULL OR any(tag IN m.tags WHERE tag IN $filters.tags))
  AND ($after.createdAt IS NULL OR m.createdAt < $after.createdAt
       OR (m.createdAt = $after.createdAt AND m.id < $after.id))
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
ORDER BY m.createdAt DESC, m.id DESC
LIMIT $pageSize
