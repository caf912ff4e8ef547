// name: 002_entity_id_unique
// Every Entity has a unique id.
// mode: schema
CREATE CONSTRAINT entity_id_unique IF NOT EXISTS
FOR (n:Entity) REQUIRE n.id IS UNIQUE
