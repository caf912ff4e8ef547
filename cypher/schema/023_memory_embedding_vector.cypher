// name: 023_memory_embedding_vector
// Vector index on Memory.embedding: all-MiniLM-L6-v2, 384 dimensions, cosine, with userId and status as filter properties, so a SEARCH for one user's active memories is filtered inside the index (exact per tenant, no over-fetch). An older index without them is dropped first (graphmind/db/migrations.py).
// mode: schema
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.userId, m.status]
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
