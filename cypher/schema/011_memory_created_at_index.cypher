// name: 011_memory_created_at_index
// Range index on Memory.createdAt: time-range filters and ordering.
// mode: schema
CREATE RANGE INDEX memory_created_at IF NOT EXISTS
FOR (n:Memory) ON (n.createdAt)
