// name: 014_entity_user_id_index
// Range index on Entity.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX entity_user_id IF NOT EXISTS
FOR (n:Entity) ON (n.userId)
