// name: embedding_space
// The model and precision of the vectors in the memories' index, recorded by the first process that embeds into this store: the ones it embeds with, or, when the store already holds memories from before they were recorded, the float32 all-MiniLM-L6-v2 every earlier GraphMind embedded with.
// mode: write
// params: space, model, precision
WITH EXISTS { MATCH (:Memory) } AS earlier
MERGE (s:EmbeddingSpace {name: $space})
  ON CREATE SET s.model = CASE WHEN earlier THEN 'all-MiniLM-L6-v2' ELSE $model END,
                s.precision = CASE WHEN earlier THEN 'float32' ELSE $precision END,
                s.recordedAt = datetime()
RETURN s.model AS model, s.precision AS precision
