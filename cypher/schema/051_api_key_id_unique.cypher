// name: 051_api_key_id_unique
// One ApiKey per id.
// mode: schema
CREATE CONSTRAINT api_key_id_unique IF NOT EXISTS
FOR (k:ApiKey) REQUIRE k.id IS UNIQUE
