// name: revoke
// Revokes the API key with this id or shown prefix (kept, marked revoked) when exactly one key matches; returns every key that matched. A prefix two keys share revokes neither: the caller is told to give the id (QA: both were revoked, and the command said it failed).
// mode: write
// params: ref, now
MATCH (k:ApiKey) WHERE k.id = $ref OR k.prefix = $ref
WITH collect(k) AS matched
FOREACH (k IN CASE WHEN size(matched) = 1 THEN matched ELSE [] END | SET k.revokedAt = coalesce(k.revokedAt, $now))
WITH matched
UNWIND matched AS k
RETURN k {.*, hash: null} AS key
