// name: 020_session_user_id_index
// Range index on Session.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX session_user_id IF NOT EXISTS
FOR (n:Session) ON (n.userId)
