// name: 050_api_key_hash_unique
// One ApiKey per hash (the lookup of every authenticated request).
// mode: schema
CREATE CONSTRAINT api_key_hash_unique IF NOT EXISTS
FOR (k:ApiKey) REQUIRE k.hash IS UNIQUE
