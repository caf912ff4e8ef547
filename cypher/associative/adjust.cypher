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
UNWIND $changes AS c
OPTIONAL MATCH (am:Memory {id: c.a})
OPTIONAL MATCH (ae:Entity {id: c.a})
OPTIONAL MATCH (bm:Memory {id: c.b})
OPTIONAL MATCH (be:Entity {id: c.b})
WITH u, epoch, c, coalesce(am, ae) AS a, coalesce(bm, be) AS b
WHERE a.userId = $userId AND b.userId = $userId
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
