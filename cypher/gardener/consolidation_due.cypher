// name: consolidation_due
// Users due for consolidation (policy 3): more than minEvents unconsolidated episodic memories (active events outside a scene), or the oldest created before the cutoff.
// mode: read
// params: minEvents, cutoff, batchSize
MATCH (m:Memory)
WHERE m.status = 'active' AND m.contentType = 'event' AND m.consolidatedAt IS NULL
  AND NOT coalesce(m.inScene, false)
WITH m.userId AS userId, count(*) AS events, min(m.createdAt) AS oldest
WHERE events > $minEvents OR oldest < $cutoff
RETURN userId, events, oldest
ORDER BY oldest
LIMIT $batchSize
