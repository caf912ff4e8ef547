// name: page
// The caller's events after a sequence number, oldest first, optionally of some types.
// mode: read
// params: userId, after, types, pageSize
MATCH (e:Event)
WHERE e.userId = $userId AND e.seq > $after AND ($types IS NULL OR e.type IN $types)
RETURN e {.*} AS event
ORDER BY e.seq
LIMIT $pageSize
