// name: spread
// One hop of spreading activation: every frontier node passes activation × edge weight × decay along association, entity (1/ln(2 + degree), stop-entities skipped) and timeline (NEXT) edges; returns the nodes whose activation this improves, each with the edge that gave the best.
// mode: read
// params: userId, frontier, known, decay, threshold, maxDegree, timelineWeight, cap
UNWIND $frontier AS f
OPTIONAL MATCH (fm:Memory {id: f.id})
OPTIONAL MATCH (fe:Entity {id: f.id})
WITH f, coalesce(fm, fe) AS n
WHERE n.userId = $userId
CALL (n, f) {
  MATCH (n)-[r:ASSOCIATED]-(m)
  WHERE f.activation * r.weight * $decay >= $threshold AND (m:Entity OR m.status = 'active')
  RETURN m, r.weight AS weight, 'ASSOCIATED' AS type
UNION ALL
  MATCH (n:Memory)-[:MENTIONS]->(m:Entity)
  WITH m, COUNT { (m)<-[:MENTIONS]-() } AS degree
  WHERE degree <= $maxDegree AND f.activation * $decay / log(2.0 + degree) >= $threshold
  RETURN m, 1.0 / log(2.0 + degree) AS weight, 'MENTIONS' AS type
UNION ALL
  // an entity passes activation on only when that can stay above the threshold
  WITH n, COUNT { (n)<-[:MENTIONS]-() } AS degree
  WHERE n:Entity AND degree <= $maxDegree AND f.activation * $decay / log(2.0 + degree) >= $threshold
  MATCH (n)<-[:MENTIONS]-(m:Memory)
  WHERE m.status = 'active'
  RETURN m, 1.0 / log(2.0 + degree) AS weight, 'MENTIONS' AS type
UNION ALL
  MATCH (n:Memory)-[:NEXT]-(m:Memory)
  WHERE f.activation * $timelineWeight * $decay >= $threshold AND m.status = 'active'
  RETURN m, $timelineWeight AS weight, 'NEXT' AS type
}
WITH n, m, weight, type, f.activation * weight * $decay AS activation
WHERE activation >= $threshold AND activation > coalesce($known[m.id], 0.0)
WITH m, activation, n.id AS fromId, type, weight
ORDER BY activation DESC, fromId
WITH m, collect({activation: activation, fromId: fromId, type: type, weight: weight})[0] AS best
RETURN m.id AS id, best.activation AS activation, best.fromId AS fromId,
       best.type AS type, best.weight AS weight
ORDER BY activation DESC, id
LIMIT $cap
