// name: idle_scenes
// Flushes open scenes untouched since the cutoff to long-term memory (decay begins); returns each flushed scene.
// mode: write
// params: cutoff, batchSize, dryRun, now
MATCH (s:Scene {status: 'open'}) WHERE s.updatedAt < $cutoff
WITH s LIMIT $batchSize
CALL (s) {
  WITH s WHERE NOT $dryRun
  SET s.status = 'flushed', s.flushedAt = $now, s.flushReason = 'idle'
  WITH s
  OPTIONAL MATCH (s)-[:HOLDS]->(m:Memory) WHERE m.inScene
  SET m.inScene = false, m.sceneFlushedAt = $now
}
RETURN s.id AS id, s.userId AS userId, s.sessionId AS sessionId
