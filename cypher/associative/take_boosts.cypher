// name: take_boosts
// Takes (returns and clears) the activation boosts a resumed trail left for the caller's next activate.
// mode: write
// params: userId
MATCH (u:User {id: $userId})
WHERE u.boostIds IS NOT NULL
WITH u, u.boostIds AS ids, u.boostWeights AS weights, u.boostTrailId AS trailId
REMOVE u.boostIds, u.boostWeights, u.boostTrailId
RETURN ids, weights, trailId
