// name: 005_outcome_id_unique
// Every Outcome has a unique id.
// mode: schema
CREATE CONSTRAINT outcome_id_unique IF NOT EXISTS
FOR (n:Outcome) REQUIRE n.id IS UNIQUE
