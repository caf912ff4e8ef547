// name: lineage
// Tests: a memory's DERIVED_FROM and IMPROVES targets and the memory before it on the timeline.
// mode: read
// params: memoryId
MATCH (m:Memory {id: $memoryId})
OPTIONAL MATCH (previous:Memory)-[:NEXT]->(m)
RETURN [(m)-[:DERIVED_FROM]->(s) | s.id] AS derivedFrom, [(m)-[:IMPROVES]->(s) | s.id] AS improves,
       previous.id AS previous
