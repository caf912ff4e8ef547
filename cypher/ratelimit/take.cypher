// name: take
// Takes tokens from a caller's shared rate-limit bucket (one node per key, or per client address for its failed authentications, refilled at perSecond up to burst on Neo4j's clock), atomically across processes and hosts: up to `want`, but at most a quarter of what is left and at least one; returns how many were granted (0: the request must wait) and the seconds to wait.
// mode: write
// params: key, perSecond, burst, want
MERGE (b:RateBucket {key: $key})
  ON CREATE SET b.tokens = toFloat($burst), b.updatedAt = timestamp()
// written first, so the bucket's write lock is held before its tokens are read: two
// processes never take the same token (Neo4j's lost-update idiom)
SET b.locked = true
WITH b, timestamp() AS now
WITH b, now, b.tokens + $perSecond * (CASE WHEN now > b.updatedAt THEN now - b.updatedAt ELSE 0 END) / 1000.0 AS refilled
WITH b, now, CASE WHEN refilled > $burst THEN toFloat($burst) ELSE refilled END AS available
WITH b, now, available,
     CASE WHEN available < 1.0 THEN 0
          WHEN floor(available / 4) < 1 THEN 1
          WHEN floor(available / 4) > $want THEN $want
          ELSE toInteger(floor(available / 4)) END AS granted
SET b.tokens = available - granted,
    b.updatedAt = CASE WHEN now > b.updatedAt THEN now ELSE b.updatedAt END
REMOVE b.locked
RETURN granted,
       CASE WHEN granted >= 1 THEN 0.0 ELSE (1.0 - available) / $perSecond END AS waitSeconds
