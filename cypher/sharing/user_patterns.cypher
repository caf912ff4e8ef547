// name: user_patterns
// The patterns of the given users with their summary, centroid, sharing marker and the observed outcomes (decision id, quality) of the decisions their member memories influenced.
// mode: read
// params: userIds
MATCH (p:Pattern)
WHERE p.userId IN $userIds
OPTIONAL MATCH (p)<-[:EXHIBITS]-(m:Memory)-[:INFLUENCED]->(d:Decision)
WHERE m.userId = p.userId AND d.outcomeObserved
WITH p, collect(DISTINCT d) AS decisions
RETURN p.userId AS userId, p.id AS id, p.summary AS summary, p.centroidSum AS centroidSum,
       p.sharedIn AS sharedIn, [d IN decisions | {id: d.id, quality: d.outcomeQuality}] AS outcomes
ORDER BY userId, id
