// name: trace
// Locks one of the caller's chosen decisions and the memories that influenced it (with the outcomes each already had), and returns them with the current outcome and the salience updates of every outcome the decision has had (for a revision: their sum is what the decision's outcomes still hold, whatever was revised, clamped or reversed before).
// mode: write
// params: userId, traceId, now
MATCH (d:Decision {id: $traceId}) WHERE d.userId = $userId AND d.chosen
SET d.lastObservedAt = $now
WITH d
OPTIONAL MATCH (d)-[:RESULTED_IN]->(current:Outcome {status: 'active'})
CALL (d) {
  MATCH (m:Memory)-[i:INFLUENCED]->(d)
  SET m.lastLearnedAt = $now
  // outcomes: how many of the memory's other decisions have an outcome (a decaying learning
  // rate uses it). outcomes.record keeps the count on the memory (outcomeCount, this
  // decision's included once it has one), so an observation reads one property however
  // many decisions a memory has had; a memory observed before the count was kept has its
  // decisions counted, by the flag outcomes.record sets on a decision with an outcome.
  RETURN collect(m {.id, .baseSalience, .outcomeAdjustment, .temporalLevel, .utilityEstimate,
                    .utilityVariance, .stability, .validUntil, score: i.score,
                    outcomes: CASE WHEN m.outcomeCount IS NOT NULL
                                   THEN m.outcomeCount - CASE WHEN d.outcomeObserved THEN 1 ELSE 0 END
                                   ELSE COUNT { (m)-[:INFLUENCED]->(other:Decision)
                                                WHERE other <> d AND other.outcomeObserved } END})
         AS influences
}
CALL (d) {
  OPTIONAL MATCH (d)-[:RESULTED_IN]->(:Outcome)-[:ADJUSTED]->(u:SalienceUpdate)
  RETURN [x IN collect(u {.memoryId, .delta, .reason}) WHERE x.memoryId IS NOT NULL] AS updates
}
RETURN d {.*} AS decision, current {.*} AS outcome, influences, updates
