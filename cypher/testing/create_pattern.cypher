// name: create_pattern
// Tests only: a user's Pattern (and User node) with one member memory that influenced one observed decision per given outcome quality.
// mode: write
// params: userId, patternId, summary, centroidSum, qualities, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
CREATE (p:Pattern {id: $patternId, userId: $userId, summary: $summary, centroidSum: $centroidSum, size: 1,
                   goodOutcomes: size([q IN $qualities WHERE q > 0.5]), createdAt: $now, updatedAt: $now})
CREATE (m:Memory {id: randomUUID(), userId: $userId, status: 'active', content: $summary, createdAt: $now})
CREATE (m)-[:EXHIBITS]->(p)
WITH p, m
UNWIND $qualities AS quality
CREATE (m)-[:INFLUENCED]->(:Decision {id: randomUUID(), userId: $userId, outcomeObserved: true,
                                      outcomeQuality: quality, outcomeAt: $now, createdAt: $now})
RETURN DISTINCT p.id AS id
