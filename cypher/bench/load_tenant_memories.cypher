// name: load_tenant_memories
// Tenants bench: other tenants' memories (real text, embedded), written in bulk as active memories of many users, marked with the run so they can be deleted; memory.index_terms then gives them their own keyword postings.
// mode: write
// params: run, now, rows
UNWIND $rows AS row
CREATE (:Memory {
  id: row.id, userId: row.userId, content: row.content, embedding: row.embedding,
  contentType: 'event', temporalLevel: 1, validFrom: $now, baseSalience: 0.5, outcomeAdjustment: 0.0,
  effectiveSalience: 0.5, trust: 0.5, tags: [], status: 'active', accessCount: 0,
  createdAt: $now, updatedAt: $now, benchRun: $run
})
