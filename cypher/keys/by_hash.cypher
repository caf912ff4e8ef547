// name: by_hash
// The active API key with this hash, if any.
// mode: read
// params: hash
MATCH (k:ApiKey {hash: $hash}) WHERE k.revokedAt IS NULL
RETURN k {.*, hash: null} AS key
