// name: 069_drop_memory_created_at_index
// Drops the range index on Memory.createdAt that 011 made. A user's memories are ordered and paged by createdAt from (userId, status, createdAt) (028) or the user's index, and rank reads createdAt of its candidates as a value; so no plan read it, while every memory written added an entry. An index across all users is also one the planner may choose for one user's query when the store's statistics favour it (067). Usage statistics of the bench store (SHOW INDEXES readCount, from 2026-11-28 16:13 through every benchmark) showed no read of it (docs/benchmarks.md).
// mode: schema
DROP INDEX memory_created_at IF EXISTS
