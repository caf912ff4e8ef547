// name: memory_valid_from_index
// Tests only: the range index on Memory.validFrom as older versions made it (cypher/schema/070 drops it).
// mode: schema
CREATE RANGE INDEX memory_valid_from IF NOT EXISTS
FOR (n:Memory) ON (n.validFrom)
