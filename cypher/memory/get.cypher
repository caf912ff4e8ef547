// name: get
// One of the caller's memories by id, with its entities.
// mode: read
// params: userId, id
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
