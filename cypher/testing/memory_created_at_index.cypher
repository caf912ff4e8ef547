// name: memory_created_at_index
// Tests only: the range index on Memory.createdAt as older versions made it (cypher/schema/069 drops it).
// mode: schema
CREATE RANGE INDEX memory_created_at IF NOT EXISTS
FOR (n:Memory) ON (n.createdAt)
