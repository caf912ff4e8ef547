// name: 075_keys_issued_id_unique
// One KeysIssued mark (security/auth.py): concurrent first keys MERGE the same node.
// mode: schema
CREATE CONSTRAINT keys_issued_id_unique IF NOT EXISTS
FOR (n:KeysIssued) REQUIRE n.id IS UNIQUE
