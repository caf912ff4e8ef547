// name: self_improved
// The user's 25 latest self-improved memories with the memories they were derived from (DERIVED_FROM) and improve on (IMPROVES).
// mode: read
// params: userId
// In Browser: :param userId => "alice". Recall shows an improved memory in place of the ones it IMPROVES.
MATCH (m:Memory {source: 'self_improvement'})
WHERE m.userId = $userId
WITH m ORDER BY m.createdAt DESC LIMIT 25
MATCH p = (m)-[:DERIVED_FROM|IMPROVES]->(source:Memory)
WHERE source.userId = $userId
RETURN p
