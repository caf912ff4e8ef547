// name: link_snapshot
// Links an ended session to the drift snapshot taken when it ended.
// mode: write
// params: userId, sessionId, snapshotId
MATCH (s:Session {id: $sessionId}) WHERE s.userId = $userId
MATCH (snap:Snapshot {id: $snapshotId}) WHERE snap.userId = $userId
MERGE (s)-[:ENDED_WITH]->(snap)
RETURN snap.id AS snapshotId
