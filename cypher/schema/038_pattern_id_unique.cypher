// name: 038_pattern_id_unique
// Every Pattern (a cluster of memories that led to good outcomes) has a unique id.
// mode: schema
CREATE CONSTRAINT pattern_id_unique IF NOT EXISTS
FOR (n:Pattern) REQUIRE n.id IS UNIQUE
