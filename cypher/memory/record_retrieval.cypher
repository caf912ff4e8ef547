// name: record_retrieval
// Records a recall as a Retrieval with its memory.retrieved event, RETURNED edges and co-retrieval edge changes; each returned memory is reviewed: its decay timer resets and it takes the stability the spacing effect gave it (lifecycle/decay.py); its Kalman utility takes the retrieval as weak evidence of use (memory/utility.py: observed 0.5 + 0.5/rank, measurement noise retrievalNoise, 0: off), read and written under the memory's lock.
// mode: write
// params: userId, retrievalId, events, query, queryHash, results, now, retrievalNoise, processNoise, changes
// include: events.append
CREATE (r:Retrieval {id: $retrievalId, userId: $userId, query: $query, queryHash: $queryHash,
                     createdAt: $now, resultCount: size($results)})
WITH r
UNWIND $results AS item
MATCH (m:Memory {id: item.id}) WHERE m.userId = $userId
CREATE (r)-[:RETURNED {rank: item.rank, score: item.score}]->(m)
SET m.lastAccessedAt = $now, m.accessCount = coalesce(m.accessCount, 0) + 1,
    m.stability = item.stability
WITH m, item, coalesce(m.utilityEstimate, 0.5) AS x, coalesce(m.utilityVariance, 1.0) AS p
WITH m, item, x, p, CASE WHEN $retrievalNoise > 0 THEN p / (p + $retrievalNoise) ELSE 0.0 END AS k
SET m.utilityEstimate = CASE WHEN k > 0 THEN x + k * (0.5 + 0.5 / item.rank - x) ELSE m.utilityEstimate END,
    m.utilityVariance = CASE WHEN k > 0 THEN (1 - k) * p + $processNoise ELSE m.utilityVariance END
WITH count(m) AS recorded
// co-retrieval: $changes associates the top results (none when fewer than two)
// include optional: associative.adjust
RETURN recorded
