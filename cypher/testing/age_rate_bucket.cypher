// name: age_rate_bucket
// Moves a rate-limit bucket's last use back by some seconds; returns its key and tokens, nothing when no such bucket exists (tests only).
// mode: write
// params: key, seconds
MATCH (b:RateBucket {key: $key})
SET b.updatedAt = b.updatedAt - $seconds * 1000
RETURN b.key AS key, b.tokens AS tokens
