// name: association_neighbourhood
// A memory's association neighbourhood: ASSOCIATED edges up to 2 hops with their weights, the 100 strongest paths first.
// mode: read
// params: userId, memoryId
// In Browser: :param userId => "alice" and :param memoryId => "…". Path strength is the product of the weights.
MATCH (m:Memory {id: $memoryId})
WHERE m.userId = $userId
MATCH p = (m)-[:ASSOCIATED*1..2]-(n)
WHERE all(r IN relationships(p) WHERE r.userId = $userId)
WITH p, [r IN relationships(p) | round(r.weight, 3)] AS weights,
     reduce(s = 1.0, r IN relationships(p) | s * r.weight) AS strength
RETURN p, weights, round(strength, 4) AS strength
ORDER BY strength DESC
LIMIT 100
