// name: outcome_created_at_index
// Tests only: the range index on Outcome.createdAt as older versions made it (cypher/schema/073 drops it).
// mode: schema
CREATE RANGE INDEX outcome_created_at IF NOT EXISTS
FOR (n:Outcome) ON (n.createdAt)
