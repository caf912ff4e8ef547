// name: start
// Starts a session of the caller's agent: an open Session node.
// mode: write
// params: userId, sessionId, agentId, goal, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
CREATE (s:Session {id: $sessionId, userId: $userId, agentId: $agentId, goal: $goal, status: 'open',
                   startedAt: $now, entryCount: 0})
RETURN s {.*} AS session
