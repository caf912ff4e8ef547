// name: query_seeds
// The seeds of a query: the top memories of the caller's latest retrieval (recall or activate) of that query, still active.
// mode: read
// params: userId, queryHash, seedCount
MATCH (r:Retrieval {userId: $userId, queryHash: $queryHash}) USING INDEX SEEK r:Retrieval(userId, queryHash, createdAt)
WHERE r.createdAt IS NOT NULL  // every Retrieval has it; lets the hint name the composite index
WITH r ORDER BY r.createdAt DESC LIMIT 1
MATCH (r)-[x:RETURNED]->(m:Memory)
WHERE x.rank <= $seedCount AND m.status = 'active'
RETURN m.id AS id, x.score AS score
ORDER BY x.rank
