// name: graph_retrievals
// Benchmark fixture: records a synthetic user's retrievals of queries (by hash) with their top memories, so learn finds its seeds.
// mode: write
// params: userId, retrievals, now
UNWIND $retrievals AS row
CREATE (r:Retrieval {id: randomUUID(), userId: $userId, query: row.query, queryHash: row.queryHash,
                     createdAt: $now, resultCount: size(row.memoryIds)})
WITH r, row
UNWIND range(0, size(row.memoryIds) - 1) AS i
MATCH (m:Memory {id: row.memoryIds[i]})
CREATE (r)-[:RETURNED {rank: i + 1, score: 1.0 / (i + 1)}]->(m)
RETURN count(*) AS returned
