// name: link_lineage
// Links a self-improved memory to its sources: DERIVED_FROM each source (lineage) and IMPROVES each memory it logically supersedes (recall shows the improved one instead, unless history is asked for); the sources themselves are not changed.
// mode: write
// params: userId, memoryId, derivedFrom, supersedes, now
MATCH (new:Memory {id: $memoryId}) WHERE new.userId = $userId
CALL (new) {
  UNWIND $derivedFrom AS sourceId
  MATCH (source:Memory {id: sourceId}) WHERE source.userId = $userId
  MERGE (new)-[d:DERIVED_FROM]->(source) ON CREATE SET d.by = 'self_improvement', d.at = $now
}
CALL (new) {
  UNWIND $supersedes AS sourceId
  MATCH (source:Memory {id: sourceId}) WHERE source.userId = $userId
  MERGE (new)-[i:IMPROVES]->(source) ON CREATE SET i.at = $now
}
RETURN new.id AS id, COUNT { (new)-[:DERIVED_FROM]->() } AS derivedFrom, COUNT { (new)-[:IMPROVES]->() } AS improves
