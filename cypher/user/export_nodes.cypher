// name: export_nodes
// A page of the caller's nodes (any label) for a data export: labels and properties, embeddings and key hashes left out.
// mode: read
// params: userId, afterId, batchSize
// include: user.owned_nodes
WITH n WHERE elementId(n) > $afterId
WITH n ORDER BY elementId(n) LIMIT $batchSize
RETURN elementId(n) AS elementId, labels(n) AS labels, n {.*, embedding: null, hash: null} AS properties
