// name: user_state
// The caller's memory count (sizes the stop-entity rule) and graph generation.
// mode: read
// params: userId
OPTIONAL MATCH (u:User {id: $userId})
RETURN coalesce(u.memoryCount, 0) AS memoryCount, coalesce(u.graphGeneration, 0) AS generation
