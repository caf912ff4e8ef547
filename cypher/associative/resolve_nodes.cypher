// name: resolve_nodes
// Finds the caller's memories and entities by id: kind, whether they are active, and a short label; ids of other users or unknown ids are left out.
// mode: read
// params: userId, ids
UNWIND $ids AS wanted
OPTIONAL MATCH (m:Memory {id: wanted})
OPTIONAL MATCH (e:Entity {id: wanted})
WITH wanted, coalesce(m, e) AS n
WHERE n.userId = $userId
RETURN n.id AS id,
       CASE WHEN n:Memory THEN 'memory' ELSE 'entity' END AS kind,
       NOT n:Memory OR n.status = 'active' AS active,
       coalesce(n.content, n.name) AS label
