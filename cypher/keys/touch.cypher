// name: touch
// Records when an API key was last used (at most once a minute per key, by the caller's choice).
// mode: write
// params: keyId, now
MATCH (k:ApiKey {id: $keyId})
SET k.lastUsedAt = $now
RETURN k.id AS id
