// name: delete_relationship_batch
// Deletes up to batchSize relationships of the caller's nodes (any type, either direction); returns how many went. A deletion removes relationships first, then the bare nodes (`delete_batch`): a memory holds about a hundred keyword postings and a term thousands, so nodes and all their relationships at once outgrew a transaction's memory.
// mode: write
// params: userId, batchSize
// include: user.owned_nodes
MATCH (n)-[r]-()
WITH DISTINCT r LIMIT $batchSize
DELETE r
RETURN count(*) AS deleted
