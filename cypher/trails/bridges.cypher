// name: bridges
// Edges (association or entity mention) joining a node only one trail visited to a node only a later trail (in the given order) visited: the bridges a merge discovers, strongest first.
// mode: read
// params: userId, trailIds, maxDegree, limit
UNWIND range(0, size($trailIds) - 2) AS i
UNWIND range(i + 1, size($trailIds) - 1) AS j
MATCH (ta:Trail {id: $trailIds[i]}), (tb:Trail {id: $trailIds[j]})
WHERE ta.userId = $userId AND tb.userId = $userId
MATCH (ta)-[:VISITED]->(x)-[r:ASSOCIATED|MENTIONS]-(y)<-[:VISITED]-(tb)
WHERE NOT (tb)-[:VISITED]->(x) AND NOT (ta)-[:VISITED]->(y)
WITH ta, tb, x, y, r, CASE WHEN x:Entity THEN x ELSE y END AS entity
WITH ta, tb, x, y, r, COUNT { (entity)<-[:MENTIONS]-() } AS degree
WHERE type(r) = 'ASSOCIATED' OR degree <= $maxDegree
WITH ta, tb, x, y, r,
     CASE WHEN type(r) = 'ASSOCIATED' THEN r.weight ELSE 1.0 / log(2.0 + degree) END AS weight
RETURN ta.id AS fromTrail, tb.id AS toTrail, x.id AS fromNode, y.id AS toNode,
       coalesce(x.content, x.name) AS fromLabel, coalesce(y.content, y.name) AS toLabel,
       type(r) AS type, weight
ORDER BY weight DESC, fromNode, toNode
LIMIT $limit
