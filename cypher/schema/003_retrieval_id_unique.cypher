// name: 003_retrieval_id_unique
// Every Retrieval has a unique id.
// mode: schema
CREATE CONSTRAINT retrieval_id_unique IF NOT EXISTS
FOR (n:Retrieval) REQUIRE n.id IS UNIQUE
