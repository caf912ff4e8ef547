// name: related
// Tests: the memories a memory is RELATED_TO (a session promotion's link).
// mode: read
// params: memoryId
MATCH (m:Memory {id: $memoryId})
RETURN [(m)-[:RELATED_TO]->(other) | other.id] AS related
