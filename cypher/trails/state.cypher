// name: state
// One of the caller's trails with what a resume or merge needs: visited nodes (and which are missing: gone or no longer active), hypotheses, conclusions and the current graph generation.
// mode: read
// params: userId, trailIds
UNWIND $trailIds AS wanted
MATCH (t:Trail {id: wanted}) USING INDEX SEEK t:Trail(id)
WHERE t.userId = $userId
OPTIONAL MATCH (u:User {id: $userId})
CALL (t) {
  UNWIND t.nodeIds AS id
  OPTIONAL MATCH (m:Memory {id: id})
  OPTIONAL MATCH (e:Entity {id: id})
  WITH id, coalesce(m, e) AS n
  RETURN collect(CASE WHEN n IS NULL OR n.userId <> $userId OR (n:Memory AND n.status <> 'active')
                      THEN id END) AS missing
}
CALL (t) {
  OPTIONAL MATCH (t)-[v:VISITED]->(n)
  WITH v, n ORDER BY n.id
  RETURN [x IN collect({id: n.id, annotation: v.annotation, relevance: v.relevance, boost: v.boost})
          WHERE x.id IS NOT NULL] AS visited
}
CALL (t) {
  OPTIONAL MATCH (t)-[:HAS_HYPOTHESIS]->(h:Hypothesis)
  WITH h ORDER BY h.createdAt, h.id
  RETURN collect(h {.*}) AS hypotheses
}
CALL (t) {
  OPTIONAL MATCH (t)-[:HAS_CONCLUSION]->(c:Conclusion)
  WITH c ORDER BY c.createdAt, c.id
  RETURN collect(c {.*}) AS conclusions
}
RETURN t {.*} AS trail, coalesce(u.graphGeneration, 0) AS generation,
       missing, visited, hypotheses, conclusions
