// name: page
// The caller's events after a sequence number, oldest first, optionally of some types.
// mode: read
// params: userId, after, filters, pageSize
// $filters holds values that may be null in one map (one cached plan: db/database.py, `nullable`)
MATCH (e:Event)
WHERE e.userId = $userId AND e.seq > $after AND ($filters.types IS NULL OR e.type IN $filters.types)
RETURN e {.*} AS event
// by userId too (one value here): that lets the planner take the (userId, seq) index's order
// and stop at the page, instead of reading every later event of the user and sorting them
ORDER BY e.userId, e.seq
LIMIT $pageSize
