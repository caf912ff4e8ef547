// name: list
// A page of the caller's trails, newest first, filtered by agent, status and tags (any match); with the total that match.
// mode: read
// params: userId, agentId, status, tags, afterCreatedAt, afterId, pageSize
MATCH (t:Trail)
WHERE t.userId = $userId
  AND ($agentId IS NULL OR t.agentId = $agentId)
  AND ($status IS NULL OR t.status = $status)
  AND ($tags IS NULL OR any(tag IN t.tags WHERE tag IN $tags))
WITH t ORDER BY t.createdAt DESC, t.id DESC
WITH collect(t) AS matching
RETURN size(matching) AS total,
       [t IN matching WHERE $afterCreatedAt IS NULL OR t.createdAt < $afterCreatedAt
                         OR (t.createdAt = $afterCreatedAt AND t.id < $afterId)][0..$pageSize] AS page
