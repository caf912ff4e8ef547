// name: extend_paths
// One step of why's bounded path search: extends each partial path by one edge (association, entity, timeline; no node twice) and keeps the `beam` strongest (product of edge weights); also says how many extensions there were.
// mode: read
// params: userId, paths, beam, maxDegree, timelineWeight
UNWIND $paths AS p
WITH p, p.nodes[size(p.nodes) - 1] AS endId
OPTIONAL MATCH (fm:Memory {id: endId})
OPTIONAL MATCH (fe:Entity {id: endId})
WITH p, coalesce(fm, fe) AS n
WHERE n.userId = $userId
CALL (n) {
  MATCH (n)-[r:ASSOCIATED]-(m)
  WHERE m:Entity OR m.status = 'active'
  RETURN m, r.weight AS weight, 'ASSOCIATED' AS type
UNION ALL
  MATCH (n:Memory)-[:MENTIONS]->(m:Entity)
  WITH m, COUNT { (m)<-[:MENTIONS]-() } AS degree
  WHERE degree <= $maxDegree
  RETURN m, 1.0 / log(2.0 + degree) AS weight, 'MENTIONS' AS type
UNION ALL
  WITH n, COUNT { (n)<-[:MENTIONS]-() } AS degree
  WHERE n:Entity AND degree <= $maxDegree
  MATCH (n)<-[:MENTIONS]-(m:Memory)
  WHERE m.status = 'active'
  RETURN m, 1.0 / log(2.0 + degree) AS weight, 'MENTIONS' AS type
UNION ALL
  MATCH (n:Memory)-[:NEXT]-(m:Memory)
  WHERE m.status = 'active'
  RETURN m, $timelineWeight AS weight, 'NEXT' AS type
}
WITH p, m, weight, type
WHERE weight > 0 AND NOT m.id IN p.nodes
WITH p.nodes + m.id AS nodes, p.relations + type AS relations, p.strength * weight AS strength
ORDER BY strength DESC, nodes
WITH collect({nodes: nodes, relations: relations, strength: strength}) AS extended
RETURN extended[0..$beam] AS paths, size(extended) AS found
