// name: 009_snapshot_id_unique
// Every Snapshot has a unique id.
// mode: schema
CREATE CONSTRAINT snapshot_id_unique IF NOT EXISTS
FOR (n:Snapshot) REQUIRE n.id IS UNIQUE
