// name: 010_memory_user_id_index
// Range index on Memory.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX memory_user_id IF NOT EXISTS
FOR (n:Memory) ON (n.userId)
