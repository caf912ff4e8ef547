// name: delete_batch
// Deletes up to batchSize of the caller's nodes (any label) with their relationships; returns how many went.
// mode: write
// params: userId, batchSize
// include: user.owned_nodes
WITH n LIMIT $batchSize
DETACH DELETE n
RETURN count(*) AS deleted
