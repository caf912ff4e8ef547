// name: write_patterns
// Creates or grows the caller's patterns: members EXHIBITS the Pattern, whose summary, centroid, size and outcome stats are updated.
// mode: write
// params: userId, patterns, now
UNWIND $patterns AS row
MERGE (p:Pattern {id: row.id})
  ON CREATE SET p.userId = $userId, p.createdAt = $now
SET p.summary = row.summary, p.centroidSum = row.centroidSum, p.size = row.size,
    p.goodOutcomes = coalesce(p.goodOutcomes, 0) + row.goodOutcomes, p.updatedAt = $now
WITH p, row
UNWIND row.members AS memberId
MATCH (m:Memory {id: memberId}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
MERGE (m)-[:EXHIBITS]->(p)
RETURN count(DISTINCT p) AS patterns
