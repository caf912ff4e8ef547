// name: expired_archive
// A batch of memories archived before the cutoff (R21: 30 days of retention), never level 4, after a cursor id.
// mode: read
// params: cutoff, afterId, batchSize
MATCH (m:Memory)
WHERE m.status = 'archived' AND m.id > $afterId AND m.archivedAt < $cutoff AND m.temporalLevel < 4
RETURN m.id AS id, m.userId AS userId
ORDER BY m.id
LIMIT $batchSize
