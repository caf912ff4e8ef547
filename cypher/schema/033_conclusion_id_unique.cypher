// name: 033_conclusion_id_unique
// Every Conclusion has a unique id.
// mode: schema
CREATE CONSTRAINT conclusion_id_unique IF NOT EXISTS
FOR (n:Conclusion) REQUIRE n.id IS UNIQUE
