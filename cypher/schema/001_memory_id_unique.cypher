// name: 001_memory_id_unique
// Every Memory has a unique id.
// mode: schema
CREATE CONSTRAINT memory_id_unique IF NOT EXISTS
FOR (n:Memory) REQUIRE n.id IS UNIQUE
