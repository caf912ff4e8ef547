// name: update_session
// Replaces the goal of one of the caller's sessions if it still has the previous one.
// mode: write
// params: userId, id, previous, text, now
MATCH (s:Session {id: $id})
WHERE s.userId = $userId AND s.goal = $previous
SET s.goal = $text, s.updatedAt = $now
RETURN s.id AS id
