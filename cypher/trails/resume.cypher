// name: resume
// Resumes one of the caller's trails: its status, downgraded hypotheses (confidence scaled by the share of supporting nodes still there) and the activation boosts the caller's next activate takes.
// mode: write
// params: userId, trailId, status, downgrades, boostIds, boostWeights, now
MATCH (t:Trail {id: $trailId})
WHERE t.userId = $userId
MATCH (u:User {id: $userId})
SET t.status = $status, t.updatedAt = $now, t.resumedAt = $now,
    u.boostIds = $boostIds, u.boostWeights = $boostWeights, u.boostTrailId = $trailId
WITH t
CALL (t) {
  UNWIND $downgrades AS d
  MATCH (t)-[:HAS_HYPOTHESIS]->(h:Hypothesis {id: d.id})
  SET h.confidence = d.confidence, h.status = 'downgraded', h.updatedAt = $now
}
RETURN t {.*} AS trail
