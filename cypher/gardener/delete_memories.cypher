// name: delete_memories
// Deletes memories for good, one after another (a subquery per id sees what the ones before it changed): the timeline is re-linked around each (NEXT, LATEST), so a run of neighbours deleted together leaves their survivors linked, and the owner's memory and association counts go down (an edge between two deleted memories counted once).
// mode: write
// params: ids
UNWIND $ids AS id
CALL (id) {
  MATCH (m:Memory {id: id}) WHERE m.status = 'archived'
  OPTIONAL MATCH (u:User {id: m.userId})
  OPTIONAL MATCH (before:Memory)-[:NEXT]->(m)
  OPTIONAL MATCH (m)-[:NEXT]->(after:Memory)
  OPTIONAL MATCH (u)-[latest:LATEST]->(m)
  WITH m, u, before, after, latest, COUNT { (m)-[:ASSOCIATED]-() } AS associations
  FOREACH (_ IN CASE WHEN before IS NOT NULL AND after IS NOT NULL THEN [1] ELSE [] END |
    CREATE (before)-[:NEXT]->(after))
  FOREACH (_ IN CASE WHEN latest IS NOT NULL AND before IS NOT NULL THEN [1] ELSE [] END |
    CREATE (u)-[:LATEST]->(before))
  SET u.memoryCount = u.memoryCount - 1, u.graphGeneration = coalesce(u.graphGeneration, 0) + 1,
      u.associationCount = coalesce(u.associationCount, 0) - associations
  WITH m, m.id AS memoryId, m.userId AS userId
  DETACH DELETE m
  RETURN memoryId, userId
}
RETURN memoryId, userId
