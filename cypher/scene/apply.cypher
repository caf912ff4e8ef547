// name: apply
// Applies a scene plan of one session: writes the scenes that grew and links their new members (HOLDS, inScene), then flushes the scenes that ended to long-term memory (decay begins: sceneFlushedAt).
// mode: write
// params: userId, sessionId, flushed, scenes, now
CALL () {
  UNWIND $scenes AS scene
  MERGE (s:Scene {id: scene.id})
    ON CREATE SET s.userId = $userId, s.sessionId = $sessionId, s.status = 'open', s.startedAt = $now
  SET s.centroidSum = scene.centroidSum, s.size = scene.size, s.updatedAt = $now
  WITH s, scene
  UNWIND scene.members AS memberId
  MATCH (m:Memory {id: memberId}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
  CREATE (s)-[:HOLDS]->(m)
  SET m.inScene = true
}
CALL () {
  UNWIND $flushed AS flush
  MATCH (s:Scene {id: flush.id}) USING INDEX SEEK s:Scene(id) WHERE s.userId = $userId AND s.status = 'open'
  SET s.status = 'flushed', s.flushedAt = $now, s.flushReason = flush.reason
  WITH s
  OPTIONAL MATCH (s)-[:HOLDS]->(m:Memory) WHERE m.inScene
  SET m.inScene = false, m.sceneFlushedAt = $now
}
RETURN size($flushed) AS flushed
