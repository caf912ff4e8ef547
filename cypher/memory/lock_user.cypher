// name: lock_user
// Creates the caller's User node if needed and write-locks it, so concurrent writes of one user (duplicate check, timeline) are serialised.
// mode: write
// params: userId, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
SET u.lastWriteAt = $now
RETURN u.id AS id
