// name: 021_snapshot_user_id_index
// Range index on Snapshot.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX snapshot_user_id IF NOT EXISTS
FOR (n:Snapshot) ON (n.userId)
