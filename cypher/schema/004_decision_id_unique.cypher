// name: 004_decision_id_unique
// Every Decision has a unique id.
// mode: schema
CREATE CONSTRAINT decision_id_unique IF NOT EXISTS
FOR (n:Decision) REQUIRE n.id IS UNIQUE
