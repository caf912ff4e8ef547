// name: get
// The caller's chosen decisions with these ids: each with the memories that influenced it (score), its alternatives, and its outcomes (revised ones included) with their salience updates and CAUSED edges.
// mode: read
// params: userId, ids
UNWIND $ids AS id
MATCH (d:Decision {id: id}) USING INDEX SEEK d:Decision(id) WHERE d.userId = $userId AND d.chosen
RETURN d {.*} AS decision,
       COLLECT { MATCH (m:Memory)-[i:INFLUENCED]->(d) WHERE m.userId = $userId
                 RETURN {memory: m {.*, embedding: null}, entities: [(m)-[:MENTIONS]->(e) | e.name],
                         score: i.score} AS influence
                 ORDER BY i.score DESC, m.id } AS influences,
       COLLECT { MATCH (d)-[:ALTERNATIVE]->(a:Decision) WHERE a.userId = $userId
                 RETURN a {.id, .summary} AS alternative ORDER BY a.summary, a.id } AS alternatives,
       COLLECT { MATCH (d)-[:RESULTED_IN]->(o:Outcome) WHERE o.userId = $userId
                 RETURN o {.*,
                           updates: COLLECT { MATCH (o)-[:ADJUSTED]->(u:SalienceUpdate)
                                              RETURN u {.*} AS update
                                              ORDER BY CASE u.reason WHEN 'revision_reversal' THEN 0 ELSE 1 END,
                                                       u.memoryId },
                           causedBy: COLLECT { MATCH (m:Memory)-[c:CAUSED]->(o) WHERE m.userId = $userId
                                               RETURN {memoryId: m.id, confidence: c.confidence} AS cause
                                               ORDER BY c.confidence DESC, m.id }} AS outcome
                 ORDER BY o.observedAt, o.id } AS outcomes
