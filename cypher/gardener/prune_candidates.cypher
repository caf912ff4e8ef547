// name: prune_candidates
// A batch of active memories whose effective salience fell under the threshold (R21), never level 4 or in a scene, after a cursor id.
// mode: read
// params: threshold, afterId, batchSize
MATCH (m:Memory)
WHERE m.status = 'active' AND m.id > $afterId AND m.effectiveSalience < $threshold
  AND m.temporalLevel < 4 AND NOT coalesce(m.inScene, false)
RETURN m.id AS id, m.userId AS userId, m.effectiveSalience AS salience
ORDER BY m.id
LIMIT $batchSize
