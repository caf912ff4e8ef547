// name: 007_trail_id_unique
// Every Trail has a unique id.
// mode: schema
CREATE CONSTRAINT trail_id_unique IF NOT EXISTS
FOR (n:Trail) REQUIRE n.id IS UNIQUE
