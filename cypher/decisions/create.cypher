// name: create
// Records a chosen Decision with the memories that influenced it (INFLUENCED {score}), the retrieval it used, its alternatives (ALTERNATIVE, not chosen) and its events.
// mode: write
// params: userId, traceId, decisionType, summary, confidence, confidenceEstimated, attributionInferred, optional, influences, alternatives, now, events
// include: events.append
// $optional: the values that may be null, in one map (one cached plan: db/database.py, `nullable`)
CREATE (d:Decision {
  id: $traceId, userId: $userId, decisionType: $decisionType, summary: $summary,
  confidence: $confidence, confidenceEstimated: $confidenceEstimated,
  attributionInferred: $attributionInferred,
  alternativesCount: size($alternatives), sessionId: $optional.sessionId, retrievalId: $optional.retrievalId,
  chosen: true, outcomeObserved: false, createdAt: $now
})
WITH d
CALL (d) {
  UNWIND $influences AS influence
  MATCH (m:Memory {id: influence.memoryId}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
  CREATE (m)-[:INFLUENCED {score: influence.score}]->(d)
}
CALL (d) {
  OPTIONAL MATCH (r:Retrieval {id: $optional.retrievalId}) WHERE r.userId = $userId
  FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | CREATE (d)-[:INFORMED_BY]->(r))
}
CALL (d) {
  UNWIND $alternatives AS alternative
  CREATE (a:Decision {id: alternative.id, userId: $userId, decisionType: $decisionType,
                      summary: alternative.summary, chosen: false, createdAt: $now})
  CREATE (d)-[:ALTERNATIVE {notChosen: true}]->(a)
}
RETURN d.id AS traceId
