// name: 017_decision_created_at_index
// Range index on Decision.createdAt: time-range filters and ordering.
// mode: schema
CREATE RANGE INDEX decision_created_at IF NOT EXISTS
FOR (n:Decision) ON (n.createdAt)
