// name: snapshot_drift
// The drift between two snapshots: memory, entity and edge count changes, and the 50 association edges whose weight moved most between them (old weight from the edge's copy-on-write history).
// mode: read
// params: userId, fromSnapshotId, toSnapshotId
// In Browser: :param userId => "alice", :param fromSnapshotId => "…", :param toSnapshotId => "…" (from snapshots; the order does not matter).
// A weight "at" a snapshot is what drift() reports: 0.0 for an edge created after it, else the weight before its first change after it, else today's weight.
MATCH (a:Snapshot {id: $fromSnapshotId})
WHERE a.userId = $userId
MATCH (b:Snapshot {id: $toSnapshotId})
WHERE b.userId = $userId
WITH CASE WHEN a.seq <= b.seq THEN a ELSE b END AS older, CASE WHEN a.seq <= b.seq THEN b ELSE a END AS newer
OPTIONAL CALL (older, newer) {
  MATCH (x)-[r:ASSOCIATED]->(y)
  WHERE r.userId = $userId AND r.epoch >= older.seq
  WITH x, r, y,
       CASE WHEN r.createdSeq >= older.seq THEN 0.0
            ELSE coalesce([i IN range(0, size(r.histSeq) - 1) WHERE r.histSeq[i] >= older.seq | r.histWeight[i]][0], r.weight)
       END AS before,
       CASE WHEN r.createdSeq >= newer.seq THEN 0.0
            ELSE coalesce([i IN range(0, size(r.histSeq) - 1) WHERE r.histSeq[i] >= newer.seq | r.histWeight[i]][0], r.weight)
       END AS after
  WITH x, r, y, before, after, after - before AS delta
  WHERE delta <> 0.0
  RETURN x, r, y, before, after, delta
  ORDER BY abs(delta) DESC, x.id, y.id
  LIMIT 50
}
RETURN older.label + ' -> ' + newer.label AS between,
       newer.memoryCount - older.memoryCount AS memoryDelta,
       newer.entityCount - older.entityCount AS entityDelta,
       newer.edgeCount - older.edgeCount AS edgeDelta,
       x, r, y, round(before, 4) AS before, round(after, 4) AS after, round(delta, 4) AS delta
