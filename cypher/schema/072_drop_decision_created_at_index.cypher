// name: 072_drop_decision_created_at_index
// Drops the range index on Decision.createdAt that 017 made. A user's decisions were found from the user's index (016) and sorted after that lookup (074 now pages them from a (userId, createdAt) index); so no plan read it, while every decision added an entry. An index across all users is also one the planner may choose for one user's query when the store's statistics favour it (067). Usage statistics of the bench store (SHOW INDEXES readCount, from 2026-11-28 16:13 through every benchmark) showed no read of it (docs/benchmarks.md).
// mode: schema
DROP INDEX decision_created_at IF EXISTS
