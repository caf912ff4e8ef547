// name: 049_session_entry_id_unique
// One SessionEntry node per id: an experience, blocker, rejected attempt, decision, learning or assumption.
// mode: schema
CREATE CONSTRAINT session_entry_id_unique IF NOT EXISTS
FOR (n:SessionEntry) REQUIRE n.id IS UNIQUE
