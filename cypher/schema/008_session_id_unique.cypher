// name: 008_session_id_unique
// Every Session has a unique id.
// mode: schema
CREATE CONSTRAINT session_id_unique IF NOT EXISTS
FOR (n:Session) REQUIRE n.id IS UNIQUE
