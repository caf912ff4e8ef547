// name: terms_missing
// Memories not yet indexed for keyword recall (written before per-user keyword statistics), a batch at a time, for the migration that indexes them.
// mode: read
// params: batchSize
MATCH (m:Memory) WHERE m.termLength IS NULL
RETURN m.id AS id, coalesce(m.content, '') AS content
LIMIT $batchSize
