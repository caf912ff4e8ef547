// name: snapshot_take
// Takes a Snapshot of the caller's graph: node and edge counts and the graph generation; it opens a new epoch, so the edge weights it saw are kept on the edges when they next change (copy-on-write, see adjust).
// mode: write
// params: userId, snapshotId, label, agentId, kind, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
SET u.snapshotSeq = coalesce(u.snapshotSeq, 0) + 1
WITH u
CALL (u) {
  MATCH (m:Memory {userId: $userId, status: 'active'})
  RETURN count(m) AS memories
}
CALL (u) {
  MATCH (e:Entity {userId: $userId})
  RETURN count(e) AS entities
}
CREATE (s:Snapshot {
  id: $snapshotId, userId: $userId, label: $label, agentId: $agentId, kind: $kind,
  seq: u.snapshotSeq, takenAt: $now, generation: coalesce(u.graphGeneration, 0),
  memoryCount: memories, entityCount: entities, nodeCount: memories + entities,
  edgeCount: coalesce(u.associationCount, 0)
})
RETURN s {.*} AS snapshot
