// name: describe_nodes
// The caller's memories and entities by id, as returned by the API (memory fields with entity names, or the entity).
// mode: read
// params: userId, ids
UNWIND $ids AS wanted
OPTIONAL MATCH (m:Memory {id: wanted})
OPTIONAL MATCH (e:Entity {id: wanted})
WITH wanted, coalesce(m, e) AS n
WHERE n.userId = $userId
RETURN n.id AS id,
       CASE WHEN n:Memory THEN n {.*, embedding: null} END AS memory,
       CASE WHEN n:Memory THEN [(n)-[:MENTIONS]->(x) | x.name] END AS entities,
       CASE WHEN n:Entity THEN n {.id, .key, .name} END AS entity
