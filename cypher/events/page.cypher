// name: page
// The caller's events after a sequence number, oldest first, optionally of some types.
// mode: read
// params: userId, after, filters, pageSize
// $filters holds values that may be null in one map (one cached plan: db/database.py, `nullable`)
MATCH (e:Event)
WHERE e.userId = $userId AND e.seq > $after AND ($filters.types IS NULL OR e.type IN $filters.types)
RETURN e {.*} AS event
ORDER BY e.seq
LIMIT $pageSize
