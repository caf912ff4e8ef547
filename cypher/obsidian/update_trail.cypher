// name: update_trail
// Replaces the summary of one of the caller's trails if it still has the previous one (null and '' alike).
// mode: write
// params: userId, id, previous, text, now
MATCH (t:Trail {id: $id})
WHERE t.userId = $userId AND coalesce(t.summary, '') = $previous
SET t.summary = $text, t.updatedAt = $now
RETURN t.id AS id
