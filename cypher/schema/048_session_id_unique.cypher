// name: 048_session_id_unique
// One Session node per id: an agent's working session (seed 002).
// mode: schema
CREATE CONSTRAINT session_id_unique IF NOT EXISTS
FOR (n:Session) REQUIRE n.id IS UNIQUE
