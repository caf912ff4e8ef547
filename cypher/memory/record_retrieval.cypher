// name: record_retrieval
// Records a recall as a Retrieval with its memory.retrieved event and RETURNED edges; each returned memory is reviewed: its decay timer resets and it takes the stability the spacing effect gave it (lifecycle/decay.py).
// mode: write
// params: userId, retrievalId, query, queryHash, results, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
SET u.eventSeq = coalesce(u.eventSeq, 0) + 1
CREATE (r:Retrieval {id: $retrievalId, userId: $userId, query: $query, queryHash: $queryHash,
                     createdAt: $now, resultCount: size($results)})
CREATE (:Event {id: randomUUID(), userId: $userId, seq: u.eventSeq, type: 'memory.retrieved', at: $now,
                payload: '{"memoryIds": [' +
                         reduce(ids = '', x IN $results | ids + CASE WHEN ids = '' THEN '' ELSE ', ' END + '"' + x.id + '"') +
                         '], "queryHash": "' + $queryHash + '", "retrievalId": "' + $retrievalId + '"}'})
WITH r
UNWIND $results AS item
MATCH (m:Memory {id: item.id}) WHERE m.userId = $userId
CREATE (r)-[:RETURNED {rank: item.rank, score: item.score}]->(m)
SET m.lastAccessedAt = $now, m.accessCount = coalesce(m.accessCount, 0) + 1,
    m.stability = item.stability
RETURN count(m) AS recorded
