// name: 022_snapshot_created_at_index
// Range index on Snapshot.createdAt: time-range filters and ordering.
// mode: schema
CREATE RANGE INDEX snapshot_created_at IF NOT EXISTS
FOR (n:Snapshot) ON (n.createdAt)
