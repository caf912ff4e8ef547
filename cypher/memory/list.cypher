// name: list
// A page of the caller's memories, newest first, after a (createdAt, id) cursor, with optional filters.
// mode: read
// params: userId, statuses, optional, pageSize
// $optional: the filters and cursor, each null when not given, in one map (one cached plan: db/database.py, `nullable`)
MATCH (m:Memory)
WHERE m.userId = $userId
  AND m.status IN $statuses
  AND ($optional.contentTypes IS NULL OR m.contentType IN $optional.contentTypes)
  AND ($optional.temporalLevels IS NULL OR m.temporalLevel IN $optional.temporalLevels)
  AND ($optional.tags IS NULL OR any(tag IN m.tags WHERE tag IN $optional.tags))
  AND ($optional.afterCreatedAt IS NULL OR m.createdAt < $optional.afterCreatedAt
       OR (m.createdAt = $optional.afterCreatedAt AND m.id < $optional.afterId))
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
ORDER BY m.createdAt DESC, m.id DESC
LIMIT $pageSize
