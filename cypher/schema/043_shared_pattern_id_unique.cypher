// name: 043_shared_pattern_id_unique
// Every SharedPattern (a privacy-safe pattern shared across users; no ids of user data) has a unique id.
// mode: schema
CREATE CONSTRAINT shared_pattern_id_unique IF NOT EXISTS
FOR (n:SharedPattern) REQUIRE n.id IS UNIQUE
