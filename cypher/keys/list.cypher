// name: list
// Every API key (or one user's), newest first, without hashes.
// mode: read
// params: userId
MATCH (k:ApiKey) WHERE $userId IS NULL OR k.userId = $userId
RETURN k {.*, hash: null} AS key
ORDER BY k.createdAt DESC, k.id
