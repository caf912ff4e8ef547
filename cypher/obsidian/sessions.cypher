// name: sessions
// Every session of the caller with its entries (and the memory each was promoted to) and the snapshot it ended with.
// mode: read
// params: userId
MATCH (s:Session)
WHERE s.userId = $userId
RETURN s {.id, .agentId, .goal, .status, .startedAt, .endedAt} AS session,
       [(s)-[:HAS_ENTRY]->(e:SessionEntry) WHERE e.userId = $userId
        | e {.id, .kind, .text, .position, .at, .resolved, .rootCause, .solution,
             promotedTo: [(e)-[:PROMOTED_TO]->(m:Memory) WHERE m.userId = $userId | m.id]}] AS entries,
       [(s)-[:ENDED_WITH]->(snap) WHERE snap.userId = $userId | snap.id] AS snapshots
