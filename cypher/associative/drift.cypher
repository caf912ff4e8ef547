// name: drift
// What changed in the caller's graph since a snapshot: node counts, memories and entities added or retired, and the edges whose weight moved (the weight the snapshot saw comes from the edge's copy-on-write history).
// mode: read
// params: userId, snapshotId, includeWeights, limit
MATCH (s:Snapshot {id: $snapshotId})
WHERE s.userId = $userId
OPTIONAL MATCH (u:User {id: $userId})
CALL (s) {
  MATCH (m:Memory {userId: $userId, status: 'active'})
  RETURN count(m) AS memories
}
CALL (s) {
  MATCH (e:Entity {userId: $userId})
  RETURN count(e) AS entities
}
CALL (s) {
  CALL (s) {
    MATCH (m:Memory {userId: $userId, status: 'active'})
    WHERE m.createdAt > s.takenAt
    RETURN m.id AS id, m.createdAt AS at
  UNION ALL
    MATCH (e:Entity {userId: $userId})
    WHERE e.createdAt > s.takenAt
    RETURN e.id AS id, e.createdAt AS at
  }
  WITH id, at ORDER BY at, id
  RETURN collect(id) AS added
}
CALL (s) {
  MATCH (m:Memory)
  WHERE m.userId = $userId AND m.status IN ['archived', 'superseded']
    AND m.createdAt <= s.takenAt AND m.updatedAt > s.takenAt
  WITH m ORDER BY m.updatedAt, m.id
  RETURN collect(m.id) AS removed
}
CALL (s) {
  MATCH (a)-[r:ASSOCIATED]->(b)
  WHERE $includeWeights AND r.userId = $userId AND r.epoch >= s.seq
  WITH a, b, r,
       CASE WHEN r.createdSeq >= s.seq THEN 0.0
            ELSE coalesce([i IN range(0, size(r.histSeq) - 1) WHERE r.histSeq[i] >= s.seq | r.histWeight[i]][0], r.weight)
       END AS old
  WITH a, b, old, r.weight AS new, r.weight - old AS delta
  WHERE delta <> 0.0
  ORDER BY abs(delta) DESC, a.id, b.id
  RETURN collect({fromId: a.id, toId: b.id, fromLabel: coalesce(a.content, a.name),
                  toLabel: coalesce(b.content, b.name), old: old, new: new, delta: delta}) AS drifts
}
RETURN s {.*} AS snapshot,
       memories + entities AS nodeCount,
       coalesce(u.associationCount, 0) AS edgeCount,
       size(added) AS addedCount, added[0..$limit] AS added,
       size(removed) AS removedCount, removed[0..$limit] AS removed,
       size(drifts) AS driftCount, drifts[0..$limit] AS drifts
