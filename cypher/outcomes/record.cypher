// name: record
// Records an Outcome of the caller's decision (RESULTED_IN), revising the previous one if given, and applies the computed salience, utility and stability updates with a SalienceUpdate each (and CAUSED evidence), its co-use edge changes and its events.
// mode: write
// params: userId, traceId, outcomeId, quality, signal, optional, updates, now, events, changes
MATCH (d:Decision {id: $traceId}) WHERE d.userId = $userId
// include: events.append
// $optional: the values that may be null, in one map (one cached plan: db/database.py, `nullable`)
OPTIONAL MATCH (d)-[:RESULTED_IN]->(previous:Outcome {id: $optional.revisionOf})
FOREACH (_ IN CASE WHEN previous IS NULL THEN [] ELSE [1] END |
  SET previous.status = 'revised', previous.revisedAt = $now)
CREATE (o:Outcome {id: $outcomeId, userId: $userId, traceId: $traceId, quality: $quality,
                   signal: $signal, feedback: $optional.feedback, observedAt: $now, createdAt: $now,
                   status: 'active', revisionOf: $optional.revisionOf})
CREATE (d)-[:RESULTED_IN {quality: $quality}]->(o)
SET d.outcomeObserved = true, d.outcomeQuality = $quality, d.outcomeSignal = $signal,
    d.outcomeAt = $now
WITH o
CALL (o) {
  UNWIND range(0, size($updates) - 1) AS i
  WITH i, $updates[i] AS up
  ORDER BY i
  MATCH (m:Memory {id: up.memoryId}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
  SET m.outcomeAdjustment = up.newAdjustment, m.effectiveSalience = up.newEffective,
      m.utilityEstimate = up.utilityEstimate, m.utilityVariance = up.utilityVariance,
      m.stability = up.stability, m.validUntil = up.validUntil, m.updatedAt = $now,
      m.outcomeCount = up.outcomeCount
  CREATE (u:SalienceUpdate {id: randomUUID(), userId: $userId, memoryId: up.memoryId,
                            traceId: $traceId, outcomeId: o.id, reason: up.reason,
                            attribution: up.attribution, delta: up.delta,
                            previous: up.previousAdjustment, new: up.newAdjustment,
                            previousEffective: up.previousEffective,
                            newEffective: up.newEffective, utility: up.utility, at: $now})
  CREATE (o)-[:ADJUSTED]->(u)-[:OF]->(m)
  FOREACH (_ IN CASE WHEN up.causalConfidence IS NULL THEN [] ELSE [1] END |
    MERGE (m)-[c:CAUSED]->(o) SET c.confidence = up.causalConfidence)
}
// co-use: $changes associates the memories of a well-judged decision (none otherwise)
// include optional: associative.adjust
RETURN o {.*} AS outcome
