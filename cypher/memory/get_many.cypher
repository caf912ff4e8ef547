// name: get_many
// Several of the caller's memories by id, with their entities (ids of others are left out).
// mode: read
// params: userId, ids
MATCH (m:Memory) WHERE m.id IN $ids AND m.userId = $userId
RETURN m {.*, embedding: null} AS memory, [(m)-[:MENTIONS]->(e) | e.name] AS entities
