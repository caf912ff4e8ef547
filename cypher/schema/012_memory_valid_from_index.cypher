// name: 012_memory_valid_from_index
// Range index on Memory.validFrom: time-range filters and ordering.
// mode: schema
CREATE RANGE INDEX memory_valid_from IF NOT EXISTS
FOR (n:Memory) ON (n.validFrom)
