// name: 040_memory_status_index
// Range index on Memory status: the gardener's jobs and /metrics scan memories by status across users.
// mode: schema
CREATE RANGE INDEX memory_status IF NOT EXISTS
FOR (m:Memory) ON (m.status)
