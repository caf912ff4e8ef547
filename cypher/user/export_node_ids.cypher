// name: export_node_ids
// The element ids of every node of the caller for a data export, in one row, but for the Term nodes of the keyword postings (derived from each memory's text, as embeddings are; about half of a user's relationships are postings). `export_nodes` reads them in batches.
// mode: read
// params: userId
// include: user.owned_nodes
WITH n WHERE NOT n:Term
RETURN collect(elementId(n)) AS ids  // in no order: the export sorts its nodes once, by element id
