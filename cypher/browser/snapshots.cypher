// name: snapshots
// The user's snapshots, newest first, with what each counted: pick two for snapshot_drift.
// mode: read
// params: userId
// In Browser: :param userId => "alice"; then :param fromSnapshotId => "…" and :param toSnapshotId => "…".
MATCH (s:Snapshot)
WHERE s.userId = $userId
OPTIONAL MATCH (session:Session)-[:ENDED_WITH]->(s)
RETURN s.id AS snapshotId, s.seq AS seq, s.label AS label, s.kind AS kind, s.agentId AS agentId,
       s.takenAt AS takenAt, s.memoryCount AS memories, s.entityCount AS entities,
       s.edgeCount AS edges, s.generation AS generation, session.goal AS session
ORDER BY s.seq DESC
LIMIT 50
