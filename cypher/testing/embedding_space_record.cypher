// name: embedding_space_record
// Tests only: sets (precision given) or deletes (precision null) the embedding space record of one name (db/embedding_space.py).
// mode: write
// params: space, precision
MERGE (s:EmbeddingSpace {name: $space})
SET s.model = 'all-MiniLM-L6-v2', s.precision = $precision
WITH s
WHERE $precision IS NULL
DETACH DELETE s
RETURN count(*) AS deleted
