// name: 006_hypothesis_id_unique
// Every Hypothesis has a unique id.
// mode: schema
CREATE CONSTRAINT hypothesis_id_unique IF NOT EXISTS
FOR (n:Hypothesis) REQUIRE n.id IS UNIQUE
