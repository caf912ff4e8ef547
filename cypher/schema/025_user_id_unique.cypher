// name: 025_user_id_unique
// Every User (the owner of a timeline, holder of per-user counters) has a unique id.
// mode: schema
CREATE CONSTRAINT user_id_unique IF NOT EXISTS
FOR (u:User) REQUIRE u.id IS UNIQUE
