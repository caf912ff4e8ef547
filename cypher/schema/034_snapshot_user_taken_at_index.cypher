// name: 034_snapshot_user_taken_at_index
// Composite range index on Snapshot (userId, takenAt): drift finds the baseline snapshot of a user by time.
// mode: schema
CREATE RANGE INDEX snapshot_user_taken_at IF NOT EXISTS
FOR (s:Snapshot) ON (s.userId, s.takenAt)
