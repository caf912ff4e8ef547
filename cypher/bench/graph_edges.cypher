// name: graph_edges
// Benchmark fixture: creates a batch of association edges of a synthetic user (pairs a < b, given weights), as learning would have left them.
// mode: write
// params: userId, edges, now
UNWIND $edges AS edge
MATCH (a:Memory {id: edge.a})
MATCH (b:Memory {id: edge.b})
CREATE (a)-[:ASSOCIATED {userId: $userId, weight: edge.weight, createdAt: $now, updatedAt: $now,
                         createdSeq: 0, epoch: 0, histSeq: [], histWeight: []}]->(b)
WITH count(*) AS created
MATCH (u:User {id: $userId})
SET u.associationCount = coalesce(u.associationCount, 0) + created, u.graphGeneration = 1
RETURN created
