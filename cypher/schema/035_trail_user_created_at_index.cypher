// name: 035_trail_user_created_at_index
// Composite range index on Trail (userId, createdAt): a user's trails, newest first.
// mode: schema
CREATE RANGE INDEX trail_user_created_at IF NOT EXISTS
FOR (t:Trail) ON (t.userId, t.createdAt)
