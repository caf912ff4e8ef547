// name: take_boosts
// Takes (returns and clears) the activation boosts a resumed trail left for the caller's next activate: only those of nodes still the caller's and, for a memory, active (a memory forgotten or superseded since the resume is skipped, used up with the rest); trailId is null when none is left.
// mode: write
// params: userId
MATCH (u:User {id: $userId})
WHERE u.boostIds IS NOT NULL
WITH u, u.boostIds AS taken, u.boostWeights AS takenWeights, u.boostTrailId AS boostTrailId
REMOVE u.boostIds, u.boostWeights, u.boostTrailId
WITH taken, takenWeights, boostTrailId
CALL (taken, takenWeights) {
  UNWIND range(0, size(taken) - 1) AS i
  OPTIONAL MATCH (m:Memory {id: taken[i]})
  OPTIONAL MATCH (e:Entity {id: taken[i]})
  WITH i, coalesce(m, e) AS n
  WHERE n.userId = $userId AND (n:Entity OR n.status = 'active')
  WITH i ORDER BY i
  RETURN collect(taken[i]) AS ids, collect(takenWeights[i]) AS weights
}
RETURN ids, weights, CASE WHEN size(ids) > 0 THEN boostTrailId END AS trailId
