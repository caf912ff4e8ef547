// name: 018_outcome_created_at_index
// Range index on Outcome.createdAt: time-range filters and ordering.
// mode: schema
CREATE RANGE INDEX outcome_created_at IF NOT EXISTS
FOR (n:Outcome) ON (n.createdAt)
