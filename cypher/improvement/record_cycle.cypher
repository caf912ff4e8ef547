// name: record_cycle
// Writes one cycle's decision log: the ImprovementCycle and one ImprovementDecision per candidate, ABOUT each source memory (which starts its cooldown) and PRODUCED the committed memory.
// mode: write
// params: cycle, decisions
CREATE (c:ImprovementCycle)
SET c = $cycle
SET c.recordedAt = datetime()  // the server's clock breaks ties of startedAt
WITH c
CALL (c) {
  UNWIND $decisions AS row
  CREATE (d:ImprovementDecision)
  SET d = row
  CREATE (c)-[:DECIDED]->(d)
  WITH d, row
  CALL (d, row) {
    UNWIND row.sourceIds AS sourceId
    MATCH (m:Memory {id: sourceId}) USING INDEX SEEK m:Memory(id) WHERE m.userId = row.userId
    CREATE (d)-[:ABOUT]->(m)
  }
  WITH d, row
  OPTIONAL MATCH (made:Memory {id: row.memoryId}) USING INDEX SEEK made:Memory(id) WHERE made.userId = row.userId
  FOREACH (_ IN CASE WHEN made IS NULL THEN [] ELSE [1] END | CREATE (d)-[:PRODUCED]->(made))
}
RETURN c.id AS id
