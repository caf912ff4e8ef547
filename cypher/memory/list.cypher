// name: list
// A page of the caller's memories, newest first, after a (createdAt, id) cursor, with optional filters.
// mode: read
// params: userId, statuses, contentTypes, temporalLevels, tags, afterCreatedAt, afterId, pageSize
MATCH (m:Memory)
WHERE m.userId = $userId
  AND m.status IN $statuses
  AND ($contentTypes IS NULL OR m.contentType IN $contentTypes)
  AND ($temporalLevels IS NULL OR m.temporalLevel IN $temporalLevels)
  AND ($tags IS NULL OR any(tag IN m.tags WHERE tag IN $tags))
  AND ($afterCreatedAt IS NULL OR m.createdAt < $afterCreatedAt
       OR (m.createdAt = $afterCreatedAt AND m.id < $afterId))
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
ORDER BY m.createdAt DESC, m.id DESC
LIMIT $pageSize
