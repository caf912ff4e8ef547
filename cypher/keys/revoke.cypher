// name: revoke
// Revokes the API key with this id or shown prefix (kept, marked revoked); returns every key that matched.
// mode: write
// params: ref, now
MATCH (k:ApiKey) WHERE k.id = $ref OR k.prefix = $ref
SET k.revokedAt = coalesce(k.revokedAt, $now)
RETURN k {.*, hash: null} AS key
