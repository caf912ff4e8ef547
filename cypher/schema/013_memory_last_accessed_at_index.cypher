// name: 013_memory_last_accessed_at_index
// Range index on Memory.lastAccessedAt: time-range filters and ordering.
// mode: schema
CREATE RANGE INDEX memory_last_accessed_at IF NOT EXISTS
FOR (n:Memory) ON (n.lastAccessedAt)
