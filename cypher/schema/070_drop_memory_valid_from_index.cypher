// name: 070_drop_memory_valid_from_index
// Drops the range index on Memory.validFrom that 012 made. Temporal neighbours seek (userId, validFrom) (026), and recall's time filters read validFrom of their candidates as a value; so no plan read it, while every memory written added an entry. An index across all users is also one the planner may choose for one user's query when the store's statistics favour it (067). Usage statistics of the bench store (SHOW INDEXES readCount, from 2026-11-28 16:13 through every benchmark) showed no read of it (docs/benchmarks.md).
// mode: schema
DROP INDEX memory_valid_from IF EXISTS
