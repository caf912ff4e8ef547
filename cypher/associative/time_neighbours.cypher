// name: time_neighbours
// Seed 003 policy 7 for spreading activation: memories within the window (validFrom ± seconds) of an activated memory receive share × its activation, when that improves theirs.
// mode: read
// params: userId, parents, known, windowSeconds, share, threshold
UNWIND $parents AS p
MATCH (parent:Memory {id: p.id})
WHERE parent.userId = $userId
MATCH (n:Memory)
WHERE n.userId = $userId
  AND n.validFrom >= parent.validFrom - duration({seconds: $windowSeconds})
  AND n.validFrom <= parent.validFrom + duration({seconds: $windowSeconds})
  AND n <> parent AND n.status = 'active'
WITH n, parent, p.activation * $share AS activation,
     abs(duration.inSeconds(parent.validFrom, n.validFrom).seconds) AS distance
WHERE activation >= $threshold AND activation > coalesce($known[n.id], 0.0)
ORDER BY activation DESC, distance, parent.id
WITH n, collect({activation: activation, fromId: parent.id})[0] AS best
RETURN n.id AS id, best.activation AS activation, best.fromId AS fromId
ORDER BY activation DESC, id
