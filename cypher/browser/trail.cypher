// name: trail
// One investigation trail: the nodes it visited, its hypotheses and conclusions with their supporting and contradicting evidence, and the trails merged into or from it.
// mode: read
// params: userId, trailId
// In Browser: :param userId => "alice" and :param trailId => "…" (from start_here or saveTrail).
MATCH (t:Trail {id: $trailId})
WHERE t.userId = $userId
CALL (t) {
  RETURN t AS item
UNION
  MATCH p = (t)-[:VISITED]->(n)
  WHERE n.userId = $userId
  RETURN p AS item
UNION
  MATCH p = (t)-[:HAS_HYPOTHESIS|HAS_CONCLUSION]->()
  RETURN p AS item
UNION
  MATCH p = (t)-[:HAS_HYPOTHESIS|HAS_CONCLUSION]->()-[:SUPPORTED_BY|CONTRADICTED_BY]->(n)
  WHERE n.userId = $userId
  RETURN p AS item
UNION
  MATCH p = (t)-[:MERGED_INTO]-(:Trail)
  RETURN p AS item
}
RETURN item
