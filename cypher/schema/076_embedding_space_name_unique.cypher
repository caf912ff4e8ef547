// name: 076_embedding_space_name_unique
// One EmbeddingSpace node per vector index: the model and precision of the vectors in it (graphmind/db/embedding_space.py).
// mode: schema
CREATE CONSTRAINT embedding_space_name_unique IF NOT EXISTS
FOR (s:EmbeddingSpace) REQUIRE s.name IS UNIQUE
