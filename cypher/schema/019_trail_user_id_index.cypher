// name: 019_trail_user_id_index
// Range index on Trail.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX trail_user_id IF NOT EXISTS
FOR (n:Trail) ON (n.userId)
