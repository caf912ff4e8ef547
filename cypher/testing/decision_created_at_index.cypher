// name: decision_created_at_index
// Tests only: the range index on Decision.createdAt as older versions made it (cypher/schema/072 drops it).
// mode: schema
CREATE RANGE INDEX decision_created_at IF NOT EXISTS
FOR (n:Decision) ON (n.createdAt)
