// name: 016_decision_user_id_index
// Range index on Decision.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX decision_user_id IF NOT EXISTS
FOR (n:Decision) ON (n.userId)
