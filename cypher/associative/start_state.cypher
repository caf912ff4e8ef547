// name: start_state
// What an activate starts from, read where it spreads: the caller's memory count (sizes the stop-entity rule) and the activation boosts a resumed trail left, taken (returned and cleared; those of a memory forgotten or superseded since are skipped; null when there are none).
// mode: write
// params: userId
OPTIONAL MATCH (u:User {id: $userId})
WITH coalesce(u.memoryCount, 0) AS memoryCount
// include optional: associative.take_boosts
RETURN memoryCount, ids, weights, trailId
