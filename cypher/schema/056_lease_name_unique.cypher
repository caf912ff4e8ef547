// name: 056_lease_name_unique
// One Lease node per leadership (the gardener's leader among server processes and hosts).
// mode: schema
CREATE CONSTRAINT lease_name_unique IF NOT EXISTS
FOR (n:Lease) REQUIRE n.name IS UNIQUE
