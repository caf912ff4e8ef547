// name: warmup_leftovers
// The users of earlier warm-ups still in Neo4j (ids beginning with $prefix): a warm-up killed midway, or one whose Neo4j stopped under it, could not delete them. Every change writes its events, and the first event of a user creates its User node, so a user with any node has one.
// mode: read
// params: prefix
MATCH (u:User)
WHERE u.id STARTS WITH $prefix
RETURN u.id AS userId
ORDER BY userId
