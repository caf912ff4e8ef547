// name: memories
// Every memory of the caller (any status, no embedding) with its outgoing edges to the caller's nodes: NEXT, SUPERSEDES, DERIVED_FROM, IMPROVES, RELATED_TO, MENTIONS and ASSOCIATED (with weight).
// mode: read
// params: userId
MATCH (m:Memory)
WHERE m.userId = $userId
RETURN m {.id, .content, .contentType, .temporalLevel, .validFrom, .validUntil, .baseSalience,
          .outcomeAdjustment, .effectiveSalience, .source, .trust, .tags, .metadata, .status,
          .createdAt, .updatedAt, .derivedBy} AS memory,
       [(m)-[:NEXT]->(n:Memory) WHERE n.userId = $userId | n.id] AS next,
       [(m)-[:SUPERSEDES]->(n:Memory) WHERE n.userId = $userId | n.id] AS supersedes,
       [(m)-[:DERIVED_FROM]->(n:Memory) WHERE n.userId = $userId | n.id] AS derivedFrom,
       [(m)-[:IMPROVES]->(n:Memory) WHERE n.userId = $userId | n.id] AS improves,
       [(m)-[:RELATED_TO]->(n:Memory) WHERE n.userId = $userId | n.id] AS related,
       [(m)-[:MENTIONS]->(e:Entity) WHERE e.userId = $userId | e.id] AS mentions,
       [(m)-[r:ASSOCIATED]->(n) WHERE n.userId = $userId AND (n:Memory OR n:Entity)
        | {id: n.id, weight: r.weight}] AS associated
