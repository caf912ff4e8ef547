// name: influences
// What a decision can be traced to: whether the caller's retrieval exists, what it returned (with scores and ranks), and the caller's memories among those and the explicitly named ones.
// mode: read
// params: userId, optional, memoryIds
// $optional: the values that may be null, in one map (one cached plan: db/database.py, `nullable`)
OPTIONAL MATCH (r:Retrieval {id: $optional.retrievalId}) WHERE r.userId = $userId
OPTIONAL MATCH (r)-[x:RETURNED]->(returned:Memory)
WITH r, [item IN collect({id: returned.id, score: x.score, rank: x.rank}) WHERE item.id IS NOT NULL] AS returned
WITH r IS NOT NULL AS retrievalFound, returned, [item IN returned | item.id] + $memoryIds AS wanted
UNWIND CASE WHEN size(wanted) = 0 THEN [null] ELSE wanted END AS id
OPTIONAL MATCH (m:Memory {id: id}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
WITH retrievalFound, returned,
     collect(DISTINCT m {.id, .status, .effectiveSalience, .temporalLevel, .embedding}) AS memories
RETURN retrievalFound, returned, memories
