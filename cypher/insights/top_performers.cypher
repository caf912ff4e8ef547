// name: top_performers
// The caller's active memories (a forgotten or superseded one is not advice to follow) that led to good outcomes (quality above minQuality) in at least minDecisions decisions, by success count and average quality (seed 000's causal query).
// mode: read
// params: userId, minDecisions, minQuality, limit
MATCH (o:Outcome {userId: $userId, status: 'active'})
WHERE o.quality > $minQuality
MATCH (m:Memory)-[:INFLUENCED]->(d:Decision)-[:RESULTED_IN]->(o)
WHERE m.userId = $userId AND m.status = 'active'
WITH m, count(DISTINCT d) AS successes, avg(o.quality) AS averageQuality
WHERE successes >= $minDecisions
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities,
       successes, averageQuality
ORDER BY successes DESC, averageQuality DESC, m.id
LIMIT $limit
