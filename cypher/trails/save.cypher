// name: save
// Saves an investigation Trail: VISITED edges (annotation, relevance, boost) to the caller's nodes, Hypothesis and Conclusion nodes with their SUPPORTED_BY / CONTRADICTED_BY evidence; records the graph generation.
// mode: write
// params: userId, trail, visited, hypotheses, conclusions, now
MATCH (u:User {id: $userId})
CREATE (t:Trail {
  id: $trail.id, userId: $userId, agentId: $trail.agentId, label: $trail.label,
  status: 'saved', summary: $trail.summary, tags: $trail.tags, openQuestions: $trail.openQuestions,
  nodeIds: [v IN $visited | v.id], nodeCount: size($visited),
  hypothesisCount: size($hypotheses), conclusionCount: size($conclusions),
  openQuestionCount: size($trail.openQuestions), mergedFrom: $trail.mergedFrom,
  generation: coalesce(u.graphGeneration, 0), createdAt: $now, updatedAt: $now
})
WITH t
CALL (t) {
  UNWIND $visited AS v
  OPTIONAL MATCH (m:Memory {id: v.id})
  OPTIONAL MATCH (e:Entity {id: v.id})
  WITH v, coalesce(m, e) AS n
  WHERE n.userId = $userId
  CREATE (t)-[:VISITED {annotation: v.annotation, relevance: v.relevance, boost: v.boost}]->(n)
}
CALL (t) {
  UNWIND $hypotheses AS h
  CREATE (x:Hypothesis {
    id: h.id, userId: $userId, statement: h.statement, confidence: h.confidence,
    originalConfidence: h.confidence, status: h.status, supportingIds: h.supporting,
    contradictingIds: h.contradicting, createdAt: coalesce(h.createdAt, $now), updatedAt: $now
  })
  CREATE (t)-[:HAS_HYPOTHESIS]->(x)
  WITH x, h
  CALL (x, h) {
    UNWIND h.supporting AS id
    OPTIONAL MATCH (m:Memory {id: id})
    OPTIONAL MATCH (e:Entity {id: id})
    WITH coalesce(m, e) AS n
    WHERE n.userId = $userId
    CREATE (x)-[:SUPPORTED_BY]->(n)
  }
  CALL (x, h) {
    UNWIND h.contradicting AS id
    OPTIONAL MATCH (m:Memory {id: id})
    OPTIONAL MATCH (e:Entity {id: id})
    WITH coalesce(m, e) AS n
    WHERE n.userId = $userId
    CREATE (x)-[:CONTRADICTED_BY]->(n)
  }
}
CALL (t) {
  UNWIND $conclusions AS c
  CREATE (x:Conclusion {
    id: c.id, userId: $userId, statement: c.statement, confidence: c.confidence,
    fromHypotheses: c.fromHypotheses, supportingIds: c.supporting, createdAt: $now
  })
  CREATE (t)-[:HAS_CONCLUSION]->(x)
  WITH x, c
  UNWIND c.supporting AS id
  OPTIONAL MATCH (m:Memory {id: id})
  OPTIONAL MATCH (e:Entity {id: id})
  WITH x, coalesce(m, e) AS n
  WHERE n.userId = $userId
  CREATE (x)-[:SUPPORTED_BY]->(n)
}
RETURN t {.*} AS trail
