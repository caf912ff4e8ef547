// name: memory_story
// One memory's story: its entities, what it superseded or was superseded by, its scene and pattern, the decisions it influenced with their outcomes, and the salience updates those made.
// mode: read
// params: userId, memoryId
// In Browser: :param userId => "alice" and :param memoryId => "…". `graphmind plot salience MEMORY_ID` draws the same updates over time.
MATCH (m:Memory {id: $memoryId})
WHERE m.userId = $userId
CALL (m) {
  RETURN m AS item
UNION
  MATCH p = (m)-[:MENTIONS]->(:Entity)
  RETURN p AS item
UNION
  MATCH p = (m)-[:SUPERSEDES|DERIVED_FROM|IMPROVES|RELATED_TO|EXHIBITS]-(other)
  WHERE other.userId = $userId
  RETURN p AS item
UNION
  MATCH p = (:Scene)-[:HOLDS]->(m)
  RETURN p AS item
UNION
  MATCH p = (m)-[:INFLUENCED]->(:Decision)-[:RESULTED_IN]->(:Outcome)-[:ADJUSTED]->(u:SalienceUpdate)-[:OF]->(m)
  RETURN p AS item
UNION
  MATCH p = (m)-[:INFLUENCED]->(d:Decision)
  WHERE NOT (d)-[:RESULTED_IN]->()
  RETURN p AS item
}
RETURN item
