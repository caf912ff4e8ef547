// name: current
// The open scene (working memory) of the caller's session, if any, with its members' embeddings (the topic-shift test compares a new memory with each of them).
// mode: read
// params: userId, sessionId
MATCH (s:Scene {userId: $userId, sessionId: $sessionId, status: 'open'})
RETURN s.id AS id, s.centroidSum AS centroidSum, s.size AS size,
       [(s)-[:HOLDS]->(m:Memory) WHERE m.inScene | m.embedding] AS memberVectors
