// name: list
// A page of the caller's trails, newest first, filtered by agent, status and tags (any match); with the total that match.
// mode: read
// params: userId, optional, pageSize
// $optional: the filters and cursor, each null when not given, in one map (one cached plan: db/database.py, `nullable`)
MATCH (t:Trail)
WHERE t.userId = $userId
  AND ($optional.agentId IS NULL OR t.agentId = $optional.agentId)
  AND ($optional.status IS NULL OR t.status = $optional.status)
  AND ($optional.tags IS NULL OR any(tag IN t.tags WHERE tag IN $optional.tags))
WITH t ORDER BY t.createdAt DESC, t.id DESC
WITH collect(t) AS matching
RETURN size(matching) AS total,
       [t IN matching WHERE $optional.afterCreatedAt IS NULL OR t.createdAt < $optional.afterCreatedAt
                         OR (t.createdAt = $optional.afterCreatedAt AND t.id < $optional.afterId)][0..$pageSize] AS page
