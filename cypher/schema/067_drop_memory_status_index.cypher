// name: 067_drop_memory_status_index
// Drops the range index on Memory.status that 040 made. With it, whether Neo4j's planner answered a user's active memories from the user's index or from every user's active memories depended on the store's statistics: on a store with few users it took the status index for `MATCH (m:Memory {userId: $userId, status: 'active'})` (9,808 index entries read for a user with no memory, 14 ms, against 1 entry by userId), and `associative.snapshot_take` and `gardener.unconsolidated_events` were planned on it at one point. The cross-user jobs it served read nearly every memory either way ('active' is most of them), and /metrics counts by scanning.
// mode: schema
DROP INDEX memory_status IF EXISTS
