// name: 073_drop_outcome_created_at_index
// Drops the range index on Outcome.createdAt that 018 made. Outcomes are reached from their decision (RESULTED_IN) or their user's index (058); so no plan read it, while every outcome added an entry. An index across all users is also one the planner may choose for one user's query when the store's statistics favour it (067). Usage statistics of the bench store (SHOW INDEXES readCount, from 2026-11-28 16:13 through every benchmark) showed no read of it (docs/benchmarks.md).
// mode: schema
DROP INDEX outcome_created_at IF EXISTS
