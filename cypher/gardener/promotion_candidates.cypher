// name: promotion_candidates
// Active memories below level 4 with their decision outcomes (quality and when observed), for the promotion rule (docs/lifecycle.md).
// mode: read
// params: minOutcomes, afterId, batchSize
MATCH (m:Memory)
WHERE m.status = 'active' AND m.temporalLevel < 4 AND m.id > $afterId
  AND COUNT { (m)-[:INFLUENCED]->(:Decision {outcomeObserved: true}) } >= $minOutcomes
MATCH (m)-[:INFLUENCED]->(d:Decision {outcomeObserved: true})
WITH m, collect({quality: d.outcomeQuality, at: d.outcomeAt}) AS outcomes
RETURN m.id AS id, m.userId AS userId, m.temporalLevel AS level, outcomes
ORDER BY m.id
LIMIT $batchSize
