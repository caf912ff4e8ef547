// name: 071_drop_memory_last_accessed_at_index
// Drops the range index on Memory.lastAccessedAt that 013 made. No query filters by lastAccessedAt: decay reads it as a value of the memories it pages through by id, and the self-improvement scan orders by coalesce(lastAccessedAt, createdAt), an expression no index serves. Yet every recall's record (and reinforce) sets it on each memory concerned, an index update each. An index across all users is also one the planner may choose for one user's query when the store's statistics favour it (067). Usage statistics of the bench store (SHOW INDEXES readCount, from 2026-11-28 16:13 through every benchmark) showed no read of it (docs/benchmarks.md).
// mode: schema
DROP INDEX memory_last_accessed_at IF EXISTS
