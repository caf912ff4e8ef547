// name: decay_candidates
// A batch of active memories outside any scene, after a cursor id, with what the decay job needs (level, stability, salience, when forgetting began).
// mode: read
// params: afterId, batchSize
MATCH (m:Memory)
WHERE m.status = 'active' AND m.id > $afterId AND NOT coalesce(m.inScene, false)
RETURN m.id AS id, m.userId AS userId, m.temporalLevel AS level, m.stability AS stability,
       m.baseSalience AS base, m.outcomeAdjustment AS adjustment,
       reduce(latest = m.createdAt, at IN [m.lastAccessedAt, m.sceneFlushedAt, m.decayedAt] |
              CASE WHEN at IS NOT NULL AND at > latest THEN at ELSE latest END) AS since
ORDER BY m.id
LIMIT $batchSize
