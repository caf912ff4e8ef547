// name: delete_tenant_memories
// Tenants bench cleanup: deletes a batch of the run's other-tenant memories, then their keyword Terms; returns how many.
// mode: write
// params: run, tenantPrefix, batchSize
CALL () {
  MATCH (m:Memory {benchRun: $run})
  RETURN m AS n LIMIT $batchSize
UNION
  MATCH (t:Term) WHERE t.userId STARTS WITH $tenantPrefix AND t.term IS NOT NULL
  RETURN t AS n LIMIT $batchSize
}
WITH n LIMIT $batchSize
DETACH DELETE n
RETURN count(*) AS deleted
