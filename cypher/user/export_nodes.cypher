// name: export_nodes
// A batch of the caller's nodes for a data export (element ids from `export_node_ids`), in one row: each node's labels and properties (embeddings, the sums of them a Scene or Pattern keeps, and key hashes left out) and the relationships from it to any other node of the caller but its keyword postings' Terms. One row, because the driver pays for every record it receives; each node is found by its element id, so an export reads each node and relationship once.
// mode: read
// params: userId, ids
UNWIND $ids AS id
MATCH (n)
WHERE elementId(n) = id AND (n.userId = $userId OR (n:User AND n.id = $userId))
CALL (n) {
  MATCH (n)-[r]->(b)
  WHERE (b.userId = $userId OR (b:User AND b.id = $userId)) AND NOT b:Term
  RETURN collect({elementId: elementId(r), type: type(r), end: elementId(b), properties: properties(r)}) AS out
}
RETURN collect({elementId: elementId(n), labels: labels(n), properties: n {.*, embedding: null, centroidSum: null, hash: null}, out: out}) AS nodes
