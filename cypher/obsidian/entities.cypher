// name: entities
// Every entity of the caller with its outgoing ASSOCIATED edges (with weight) to the caller's memories and entities.
// mode: read
// params: userId
MATCH (e:Entity)
WHERE e.userId = $userId
RETURN e {.id, .key, .name, .createdAt} AS entity,
       [(e)-[r:ASSOCIATED]->(n) WHERE n.userId = $userId AND (n:Memory OR n:Entity)
        | {id: n.id, weight: r.weight}] AS associated
