// name: user_texts
// The plain fusion baseline (graphmind/bench/baseline.py): every active memory of one user with its text and embedding, for exact cosine and BM25 computed outside the service's recall.
// mode: read
// params: userId
MATCH (m:Memory {userId: $userId, status: 'active'})
RETURN m.id AS id, m.content AS content, m.embedding AS embedding
