// name: stored_adjustments
// Every memory's stored outcome adjustment (of one user, or of all users when userId is null); used by `graphmind replay`.
// mode: read
// params: userId
MATCH (m:Memory)
WHERE $userId IS NULL OR m.userId = $userId
RETURN m.userId AS userId, m.id AS memoryId, m.outcomeAdjustment AS adjustment
