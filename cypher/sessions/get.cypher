// name: get
// One of the caller's sessions with its entries in order (and the memory each was promoted to).
// mode: read
// params: userId, sessionId, withEmbeddings
MATCH (s:Session {id: $sessionId}) WHERE s.userId = $userId
OPTIONAL MATCH (s)-[:HAS_ENTRY]->(e:SessionEntry)
OPTIONAL MATCH (e)-[:PROMOTED_TO]->(m:Memory)
WITH s, e, m ORDER BY e.position
RETURN s {.*, snapshotId: [(s)-[:ENDED_WITH]->(snap) | snap.id][0]} AS session,
       [x IN collect(CASE WHEN e IS NULL THEN null ELSE
          e {.*, embedding: CASE WHEN $withEmbeddings THEN e.embedding END, promotedTo: m.id} END) WHERE x IS NOT NULL]
         AS entries
