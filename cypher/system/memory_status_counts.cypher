// name: memory_status_counts
// Memories of all users by status, for the graphmind_memories gauge of /metrics (admin view).
// mode: read
MATCH (m:Memory)
RETURN m.status AS status, count(*) AS count
