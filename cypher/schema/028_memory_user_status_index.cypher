// name: 028_memory_user_status_index
// Composite range index on Memory (userId, status, createdAt): listing and paginating a user's memories.
// mode: schema
CREATE RANGE INDEX memory_user_status_created IF NOT EXISTS
FOR (m:Memory) ON (m.userId, m.status, m.createdAt)
