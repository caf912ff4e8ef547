// name: create
// Stores a new API key: its hash and shown prefix, never the key itself.
// mode: write
// params: key, now
CREATE (k:ApiKey {id: $key.id, userId: $key.userId, role: $key.role, label: $key.label, prefix: $key.prefix,
                  hash: $key.hash, createdAt: $now})
RETURN k {.*, hash: null} AS key
