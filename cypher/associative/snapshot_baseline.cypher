// name: snapshot_baseline
// The snapshot a drift compares against: by id, else the latest session snapshot (of the agent, when given; else any), else the latest snapshot at or before a time.
// mode: read
// params: userId, snapshotId, baseline, lastSession
// $baseline holds values that may be null in one map (one cached plan: db/database.py, `nullable`);
// $snapshotId is "" when none is asked for, so that its lookup stays a unique-index seek
CALL () {
  MATCH (s:Snapshot {id: $snapshotId})
  WHERE s.userId = $userId
  RETURN s, 0 AS preference
UNION
  MATCH (s:Snapshot)
  WHERE $lastSession AND s.userId = $userId AND s.kind = 'session'
    AND ($baseline.agentId IS NULL OR s.agentId = $baseline.agentId)
  RETURN s, 1 AS preference
UNION
  MATCH (s:Snapshot)
  WHERE $lastSession AND s.userId = $userId
  RETURN s, 2 AS preference
UNION
  MATCH (s:Snapshot)
  WHERE $baseline.before IS NOT NULL AND s.userId = $userId AND s.takenAt <= $baseline.before
  RETURN s, 3 AS preference
}
RETURN s {.*} AS snapshot
ORDER BY preference, s.seq DESC
LIMIT 1
