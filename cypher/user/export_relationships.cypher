// name: export_relationships
// A page of the relationships between the caller's nodes, for a data export.
// mode: read
// params: userId, afterId, batchSize
// include: user.owned_nodes
WITH n AS a
MATCH (a)-[r]->(b)
WHERE (b.userId = $userId OR (b:User AND b.id = $userId)) AND elementId(r) > $afterId
WITH a, r, b ORDER BY elementId(r) LIMIT $batchSize
RETURN elementId(r) AS elementId, type(r) AS type, elementId(a) AS start, elementId(b) AS end, r {.*} AS properties
