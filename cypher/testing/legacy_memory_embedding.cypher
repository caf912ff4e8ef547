// name: legacy_memory_embedding
// The vector index as GraphMind made it on Neo4j 5.26 (no filter properties), for the upgrade test.
// mode: schema
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}
