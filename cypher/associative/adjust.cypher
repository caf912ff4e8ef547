// name: adjust
// Hebbian update of association edges, saturating: strengthen w + rate(1 - w) (a missing edge is created at 0 first), weaken w(1 - rate); keeps the weight the latest snapshots saw (copy-on-write) and bumps the user's graph generation.
// mode: write
// params: userId, now, changes
// Each change is {a, b, rate, strengthen}: a < b (one edge per pair, stored a -> b, read undirected).
// No changes: no row, and nothing written (so a query can include it for changes it may not have).
WITH 1 AS nothingYet WHERE size($changes) > 0
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
SET u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
WITH u, coalesce(u.snapshotSeq, 0) AS epoch
// each endpoint is looked up once, not once per pair it is in
CALL () {
  UNWIND $changes AS c
  UNWIND [c.a, c.b] AS id
  WITH DISTINCT id
  OPTIONAL MATCH (m:Memory {id: id})
  OPTIONAL MATCH (e:Entity {id: id})
  WITH id, coalesce(m, e) AS n
  WHERE n.userId = $userId
  RETURN collect({id: id, node: n}) AS ends
}
UNWIND $changes AS c
WITH u, epoch, c, [x IN ends WHERE x.id = c.a | x.node][0] AS a, [x IN ends WHERE x.id = c.b | x.node][0] AS b
WHERE a IS NOT NULL AND b IS NOT NULL
CALL (a, b, c, epoch) {
  WITH a, b, c, epoch WHERE c.strengthen
  MERGE (a)-[r:ASSOCIATED]->(b)
    ON CREATE SET r.userId = $userId, r.weight = 0.0, r.createdAt = $now,
                  r.createdSeq = epoch, r.epoch = epoch, r.histSeq = [], r.histWeight = []
  RETURN r
UNION
  WITH a, b, c WHERE NOT c.strengthen
  MATCH (a)-[r:ASSOCIATED]->(b)
  RETURN r
}
WITH u, epoch, c, r, r.weight AS old, r.updatedAt IS NULL AS created,
     r.epoch < epoch AS firstSinceSnapshot
WITH u, epoch, c, r, old, created, firstSinceSnapshot,
     CASE WHEN c.strengthen THEN old + c.rate * (1.0 - old) ELSE old * (1.0 - c.rate) END AS new
// the weight before the first change after a snapshot is what that snapshot saw
SET r.histSeq = CASE WHEN firstSinceSnapshot THEN r.histSeq + epoch ELSE r.histSeq END,
    r.histWeight = CASE WHEN firstSinceSnapshot THEN r.histWeight + old ELSE r.histWeight END,
    r.epoch = epoch, r.weight = new, r.updatedAt = $now
WITH u, collect({a: c.a, b: c.b, old: old, new: new, created: created}) AS changed
SET u.associationCount = coalesce(u.associationCount, 0) + size([x IN changed WHERE x.created])
RETURN u.graphGeneration AS generation, changed
