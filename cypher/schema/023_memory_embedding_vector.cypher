// name: 023_memory_embedding_vector
// Vector index on Memory.embedding: all-MiniLM-L6-v2, 384 dimensions, cosine, with userId and status as filter properties, so a SEARCH for one user's active memories is filtered inside the index (exact per tenant, no over-fetch); float32 vectors, not quantised (Neo4j's default binary quantisation found 95% of the exact top 100, this 99.5%, and searched no faster: docs/architecture.md). An older index without the filter properties, or quantised, is dropped first (graphmind/db/migrations.py).
// mode: schema
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.userId, m.status]
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}}
