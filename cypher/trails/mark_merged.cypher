// name: mark_merged
// Marks the caller's source trails merged into the new one (status merged, MERGED_INTO edge).
// mode: write
// params: userId, trailIds, mergedId, now
MATCH (m:Trail {id: $mergedId})
WHERE m.userId = $userId
UNWIND $trailIds AS id
MATCH (t:Trail {id: id}) USING INDEX SEEK t:Trail(id)
WHERE t.userId = $userId
SET t.status = 'merged', t.updatedAt = $now
CREATE (t)-[:MERGED_INTO]->(m)
RETURN count(t) AS merged
