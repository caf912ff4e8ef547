// name: time_neighbours
// Seed 003 policy 7 for spreading activation: of the active memories within the window (validFrom ± seconds) of an activated memory, the $perParent nearest in time receive share × its activation, when that improves theirs (as recall's temporal neighbours, `memory/rank.cypher`).
// mode: read
// params: userId, parents, known, windowSeconds, perParent, share, threshold
CYPHER 25
UNWIND $parents AS p
MATCH (parent:Memory {id: p.id}) USING INDEX SEEK parent:Memory(id)
WHERE parent.userId = $userId
// The nearest are among the $perParent nearest before the parent and as many after it:
// two reads of the (userId, validFrom) index in order, each stopped at its limit, however
// many memories share the window. Ordering by userId too (one value here) is what lets
// the planner take the index's order.
CALL (parent) {
  MATCH (n:Memory) USING INDEX SEEK n:Memory(userId, validFrom)
  WHERE n.userId = $userId
    AND n.validFrom >= parent.validFrom - duration({seconds: $windowSeconds})
    AND n.validFrom <= parent.validFrom
    AND n <> parent AND n.status = 'active'
  WITH n ORDER BY n.userId DESC, n.validFrom DESC LIMIT $perParent
  RETURN n
UNION ALL
  MATCH (n:Memory) USING INDEX SEEK n:Memory(userId, validFrom)
  WHERE n.userId = $userId
    AND n.validFrom > parent.validFrom
    AND n.validFrom <= parent.validFrom + duration({seconds: $windowSeconds})
    AND n.status = 'active'
  WITH n ORDER BY n.userId, n.validFrom LIMIT $perParent
  RETURN n
}
WITH p, parent, n, abs(duration.inSeconds(parent.validFrom, n.validFrom).milliseconds) AS distance
ORDER BY distance, n.validFrom DESC
WITH p, parent, collect({node: n, distance: distance})[0..$perParent] AS nearest
UNWIND nearest AS x
WITH x.node AS n, parent, p.activation * $share AS activation, x.distance AS distance
WHERE activation >= $threshold AND activation > coalesce($known[n.id], 0.0)
ORDER BY activation DESC, distance, parent.id
WITH n, collect({activation: activation, fromId: parent.id})[0] AS best
RETURN n.id AS id, best.activation AS activation, best.fromId AS fromId
ORDER BY activation DESC, id
