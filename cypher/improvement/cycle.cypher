// name: cycle
// One self-improvement cycle by id, with its decisions about one user's memories (none: no row).
// mode: read
// params: id, userId
MATCH (c:ImprovementCycle {id: $id})
OPTIONAL MATCH (c)-[:DECIDED]->(d:ImprovementDecision {userId: $userId})
WITH c, d ORDER BY d.position
RETURN c {.*} AS cycle, collect(d {.*}) AS decisions
