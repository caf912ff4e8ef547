// name: mark_consolidated
// Marks a user's clustered episodes consolidated (append-only: they stay as they were; the memories derived from them link to them).
// mode: write
// params: userId, ids, now
UNWIND $ids AS id
MATCH (episode:Memory {id: id}) USING INDEX SEEK episode:Memory(id) WHERE episode.userId = $userId
SET episode.consolidatedAt = $now
RETURN count(episode) AS marked
