// name: user_embeddings
// Tenants bench: every active memory of one user with its embedding, for the exact brute-force cosine top 10.
// mode: read
// params: userId
MATCH (m:Memory {userId: $userId, status: 'active'})
RETURN m.id AS id, m.embedding AS embedding
