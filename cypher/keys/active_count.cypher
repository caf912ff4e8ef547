// name: active_count
// How many API keys are active (none: the server runs without keys, on loopback only).
// mode: read
MATCH (k:ApiKey) WHERE k.revokedAt IS NULL
RETURN count(k) AS count
