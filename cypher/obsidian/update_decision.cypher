// name: update_decision
// Replaces the summary of one of the caller's chosen decisions if it still has the previous one; records when.
// mode: write
// params: userId, id, previous, text, now
MATCH (d:Decision {id: $id})
WHERE d.userId = $userId AND d.chosen = true AND d.summary = $previous
SET d.summary = $text, d.editedAt = $now
RETURN d.id AS id
