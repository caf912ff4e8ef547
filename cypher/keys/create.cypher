// name: create
// Stores a new API key: its hash and shown prefix, never the key itself; and marks that keys were issued here (in `auto` mode they stay required even when none is left: security/auth.py).
// mode: write
// params: key, now
CREATE (k:ApiKey {id: $key.id, userId: $key.userId, role: $key.role, label: $key.label, prefix: $key.prefix,
                  hash: $key.hash, createdAt: $now})
MERGE (issued:KeysIssued {id: 'keys'}) ON CREATE SET issued.at = $now
WITH k
RETURN k {.*, hash: null} AS key
