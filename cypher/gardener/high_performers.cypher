// name: high_performers
// Memories (not yet in a pattern) behind at least minOutcomes decisions whose outcome quality exceeded minQuality (seed 000 pattern extraction), with their embeddings and good-outcome stats, for one batch of users.
// mode: read
// params: minOutcomes, minQuality, batchSize
MATCH (m:Memory)-[:INFLUENCED]->(d:Decision)
WHERE m.status = 'active' AND d.outcomeObserved AND NOT (m)-[:EXHIBITS]->(:Pattern)
WITH m, count(d) AS outcomes,
     sum(CASE WHEN d.outcomeQuality > $minQuality THEN 1 ELSE 0 END) AS good,
     avg(d.outcomeQuality) AS quality
WHERE good >= $minOutcomes
RETURN m.userId AS userId, m.id AS id, m.content AS content, m.embedding AS embedding,
       good, outcomes, quality
ORDER BY userId, quality DESC, id
LIMIT $batchSize
