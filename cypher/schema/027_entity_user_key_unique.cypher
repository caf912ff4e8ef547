// name: 027_entity_user_key_unique
// An entity is unique per user by its normalised key.
// mode: schema
CREATE CONSTRAINT entity_user_key_unique IF NOT EXISTS
FOR (e:Entity) REQUIRE (e.userId, e.key) IS UNIQUE
