// name: list
// A page of the caller's trails, newest first, filtered by agent, status and tags (any match); with the total that match.
// mode: read
// params: userId, filters, after, pageSize
// $filters and $after (the cursor) hold values that may be null, each in one map (one cached plan: db/database.py, `nullable`)
MATCH (t:Trail)
WHERE t.userId = $userId
  AND ($filters.agentId IS NULL OR t.agentId = $filters.agentId)
  AND ($filters.status IS NULL OR t.status = $filters.status)
  AND ($filters.tags IS NULL OR any(tag IN t.tags WHERE tag IN $filters.tags))
WITH t ORDER BY t.createdAt DESC, t.id DESC
WITH collect(t) AS matching
RETURN size(matching) AS total,
       [t IN matching WHERE $after.createdAt IS NULL OR t.createdAt < $after.createdAt
                         OR (t.createdAt = $after.createdAt AND t.id < $after.id)][0..$pageSize] AS page
