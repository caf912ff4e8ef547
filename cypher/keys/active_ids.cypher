// name: active_ids
// The ids of the active API keys: each server process reads them at most once per 5 s (security/auth.py) and drops a cached key that is no longer among them.
// mode: read
MATCH (k:ApiKey) WHERE k.revokedAt IS NULL
RETURN collect(k.id) AS ids
