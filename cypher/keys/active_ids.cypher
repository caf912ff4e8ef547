// name: active_ids
// The ids of the active API keys, and whether a key was ever issued here (a key node, revoked or not, or the mark every creation leaves): each server process reads them at most once per 5 s (security/auth.py), drops a cached key that is no longer among them, and in `auto` mode requires keys once one was issued.
// mode: read
CALL () {
  MATCH (k:ApiKey) WHERE k.revokedAt IS NULL
  RETURN collect(k.id) AS ids
}
RETURN ids, size(ids) > 0 OR EXISTS { MATCH (:ApiKey) } OR EXISTS { MATCH (:KeysIssued) } AS issued
