// name: user_cycles
// The last self-improvement cycles that decided about one user's memories, newest first, with those decisions only.
// mode: read
// params: userId, last
MATCH (d:ImprovementDecision {userId: $userId})
MATCH (c:ImprovementCycle)-[:DECIDED]->(d)
WITH c, d ORDER BY d.position
WITH c, collect(d {.*}) AS decisions
ORDER BY c.startedAt DESC, c.recordedAt DESC
LIMIT $last
RETURN c {.*} AS cycle, decisions
