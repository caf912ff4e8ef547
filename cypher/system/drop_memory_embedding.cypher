// name: drop_memory_embedding
// Drops the memory_embedding vector index (a migration recreates it with its filter properties, unquantised).
// mode: schema
DROP INDEX memory_embedding IF EXISTS
