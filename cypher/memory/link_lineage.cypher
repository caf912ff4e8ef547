// name: link_lineage
// Links a derived memory (self-improvement, consolidation, the new version of an edited memory) to its sources: DERIVED_FROM each source (lineage, with who derived it, `by`; the memory's derivedBy says the same) and IMPROVES each memory it logically supersedes (recall shows the improved one instead, unless history is asked for); the sources' properties are not changed, and an improved one gets the label Improved, which lets recall skip the IMPROVES check for all others.
// mode: write
// params: userId, memoryId, derivedFrom, supersedes, by, now
MATCH (new:Memory {id: $memoryId}) WHERE new.userId = $userId
SET new.derivedBy = $by
WITH new
CALL (new) {
  UNWIND $derivedFrom AS sourceId
  MATCH (source:Memory {id: sourceId}) USING INDEX SEEK source:Memory(id) WHERE source.userId = $userId
  MERGE (new)-[d:DERIVED_FROM]->(source) ON CREATE SET d.by = $by, d.at = $now
}
CALL (new) {
  UNWIND $supersedes AS sourceId
  MATCH (source:Memory {id: sourceId}) USING INDEX SEEK source:Memory(id) WHERE source.userId = $userId
  MERGE (new)-[i:IMPROVES]->(source) ON CREATE SET i.at = $now
  SET source:Improved
}
RETURN new.id AS id, COUNT { (new)-[:DERIVED_FROM]->() } AS derivedFrom, COUNT { (new)-[:IMPROVES]->() } AS improves
