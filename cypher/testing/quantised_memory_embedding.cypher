// name: quantised_memory_embedding
// Tests only: the vector index as GraphMind made it before it turned quantisation off (filter properties, Neo4j's default binary quantisation).
// mode: schema
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.userId, m.status]
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
