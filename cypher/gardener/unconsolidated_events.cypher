// name: unconsolidated_events
// A user's oldest unconsolidated episodic memories, with their embeddings, for clustering.
// mode: read
// params: userId, batchSize
MATCH (m:Memory)
WHERE m.userId = $userId AND m.status = 'active' AND m.contentType = 'event'
  AND m.consolidatedAt IS NULL AND NOT coalesce(m.inScene, false)
RETURN m.id AS id, m.content AS content, m.embedding AS embedding, m.validFrom AS validFrom,
       m.effectiveSalience AS salience
ORDER BY m.createdAt, m.id
LIMIT $batchSize
