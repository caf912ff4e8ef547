// name: memory_status_index
// Tests only: the range index on Memory.status as older versions made it (cypher/schema/067 drops it).
// mode: schema
CREATE RANGE INDEX memory_status IF NOT EXISTS
FOR (m:Memory) ON (m.status)
