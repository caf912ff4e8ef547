// name: decision_trace
// One decision with the memories that influenced it (INFLUENCED score), its retrieval and alternatives, its outcomes and the salience update each outcome made to each memory.
// mode: read
// params: userId, traceId
// In Browser: :param userId => "alice" and :param traceId => "…" (a decision id from start_here or the decide mutation).
MATCH (d:Decision {id: $traceId})
WHERE d.userId = $userId
CALL (d) {
  RETURN d AS item
UNION
  MATCH p = (:Memory)-[:INFLUENCED]->(d)
  RETURN p AS item
UNION
  MATCH p = (d)-[:INFORMED_BY|ALTERNATIVE]->()
  RETURN p AS item
UNION
  MATCH p = (d)-[:RESULTED_IN]->(o:Outcome)-[:ADJUSTED]->(:SalienceUpdate)-[:OF]->(:Memory)
  RETURN p AS item
UNION
  MATCH p = (d)-[:RESULTED_IN]->(:Outcome)<-[:CAUSED]-(:Memory)
  RETURN p AS item
}
RETURN item
