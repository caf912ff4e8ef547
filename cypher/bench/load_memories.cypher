// name: load_memories
// Load bench check: every memory of the run's users (any status), with its owner and content.
// mode: read
// params: userIds
MATCH (m:Memory) WHERE m.userId IN $userIds
RETURN m.id AS id, m.userId AS userId, m.content AS content
