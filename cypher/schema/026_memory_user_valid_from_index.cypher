// name: 026_memory_user_valid_from_index
// Composite range index on Memory (userId, validFrom): a user's memories in a time window (temporal neighbours, time ranges).
// mode: schema
CREATE RANGE INDEX memory_user_valid_from IF NOT EXISTS
FOR (m:Memory) ON (m.userId, m.validFrom)
