// name: delete_tenant_memories
// Tenants bench cleanup: deletes a batch of the run's other-tenant memories; returns how many.
// mode: write
// params: run, batchSize
MATCH (m:Memory {benchRun: $run})
WITH m LIMIT $batchSize
DETACH DELETE m
RETURN count(*) AS deleted
