// name: current
// The open scene (working memory) of the caller's session, if any.
// mode: read
// params: userId, sessionId
MATCH (s:Scene {userId: $userId, sessionId: $sessionId, status: 'open'})
RETURN s.id AS id, s.centroidSum AS centroidSum, s.size AS size
