// name: memory_last_accessed_at_index
// Tests only: the range index on Memory.lastAccessedAt as older versions made it (cypher/schema/071 drops it).
// mode: schema
CREATE RANGE INDEX memory_last_accessed_at IF NOT EXISTS
FOR (n:Memory) ON (n.lastAccessedAt)
