// name: top_performers
// The user's 10 memories behind the most decisions with a good outcome (quality above 0.5), each with those decisions and outcomes.
// mode: read
// params: userId
// In Browser: :param userId => "alice". The same rule as the topPerformers query, without its minimum of 3 decisions.
MATCH (o:Outcome {userId: $userId, status: 'active'})
WHERE o.quality > 0.5
MATCH (m:Memory)-[:INFLUENCED]->(d:Decision)-[:RESULTED_IN]->(o)
WHERE m.userId = $userId
WITH m, count(DISTINCT d) AS successes, avg(o.quality) AS averageQuality
ORDER BY successes DESC, averageQuality DESC, m.id
LIMIT 10
MATCH p = (m)-[:INFLUENCED]->(:Decision)-[:RESULTED_IN]->(o:Outcome {status: 'active'})
WHERE o.quality > 0.5
RETURN m.content AS memory, successes, round(averageQuality, 3) AS averageQuality,
       m.effectiveSalience AS effectiveSalience, collect(p) AS goodDecisions
ORDER BY successes DESC, averageQuality DESC
