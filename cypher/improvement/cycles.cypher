// name: cycles
// The last cycles of the self-improvement worker, newest first, with the decisions about the caller's memories.
// mode: read
// params: userId, last
MATCH (c:ImprovementCycle) WHERE c.startedAt IS NOT NULL  // every cycle has one; read newest first from its index
WITH c ORDER BY c.startedAt DESC, c.recordedAt DESC LIMIT $last
OPTIONAL MATCH (c)-[:DECIDED]->(d:ImprovementDecision {userId: $userId})
WITH c, d ORDER BY d.position
RETURN c {.*} AS cycle, collect(d {.*}) AS decisions
ORDER BY cycle.startedAt DESC, cycle.recordedAt DESC
