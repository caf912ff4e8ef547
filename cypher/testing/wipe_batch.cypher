// name: wipe_batch
// Deletes up to batchSize nodes of any user; used only by the test suite, on the test Neo4j, before it starts.
// mode: write
// params: batchSize
MATCH (n)
WITH n LIMIT $batchSize
DETACH DELETE n
RETURN count(*) AS deleted
