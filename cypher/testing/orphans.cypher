// name: orphans
// Tests: the structural invariants of the given users' graphs, one row per invariant with how many nodes break it and a few of their ids (every count 0 when consistent).
// mode: read
// params: userIds
MATCH (e:SessionEntry) WHERE e.userId IN $userIds
  AND NOT EXISTS { MATCH (s:Session {id: e.sessionId})-[:HAS_ENTRY]->(e) WHERE s.userId = e.userId }
RETURN 'session entry without its session (HAS_ENTRY)' AS invariant, count(e) AS broken, collect(e.id)[..5] AS sample
UNION ALL
MATCH (s:Session) WHERE s.userId IN $userIds
  AND coalesce(s.entryCount, 0) <> COUNT { (s)-[:HAS_ENTRY]->(:SessionEntry) }
RETURN 'session whose entryCount differs from its entries' AS invariant, count(s) AS broken, collect(s.id)[..5] AS sample
UNION ALL
MATCH (o:Outcome) WHERE o.userId IN $userIds
  AND NOT EXISTS { MATCH (d:Decision {id: o.traceId})-[:RESULTED_IN]->(o) WHERE d.userId = o.userId }
RETURN 'outcome without its decision (RESULTED_IN)' AS invariant, count(o) AS broken, collect(o.id)[..5] AS sample
UNION ALL
MATCH (u:SalienceUpdate) WHERE u.userId IN $userIds
  AND NOT (EXISTS { MATCH (o:Outcome {id: u.outcomeId})-[:ADJUSTED]->(u) WHERE o.userId = u.userId }
           AND EXISTS { MATCH (u)-[:OF]->(m:Memory {id: u.memoryId}) WHERE m.userId = u.userId })
RETURN 'salience update without its outcome (ADJUSTED) or memory (OF)' AS invariant, count(u) AS broken,
       collect(u.id)[..5] AS sample
UNION ALL
MATCH (a:Decision) WHERE a.userId IN $userIds AND a.chosen = false
  AND NOT EXISTS { MATCH (d:Decision)-[:ALTERNATIVE]->(a) WHERE d.userId = a.userId AND d.chosen }
RETURN 'alternative without its chosen decision (ALTERNATIVE)' AS invariant, count(a) AS broken,
       collect(a.id)[..5] AS sample
UNION ALL
MATCH (x) WHERE (x:Hypothesis OR x:Conclusion) AND x.userId IN $userIds
  AND NOT EXISTS { MATCH (t:Trail)-[:HAS_HYPOTHESIS|HAS_CONCLUSION]->(x) WHERE t.userId = x.userId }
RETURN 'hypothesis or conclusion without its trail' AS invariant, count(x) AS broken, collect(x.id)[..5] AS sample
UNION ALL
MATCH (m:Memory) WHERE m.userId IN $userIds
  AND (NOT m.status IN ['active', 'superseded', 'archived'] OR m.content IS NULL OR m.embedding IS NULL)
RETURN 'memory without a known status, content or embedding' AS invariant, count(m) AS broken,
       collect(m.id)[..5] AS sample
UNION ALL
MATCH (m:Memory) WHERE m.userId IN $userIds AND m.status = 'superseded'
  AND NOT EXISTS { MATCH (:Memory {userId: m.userId})-[:SUPERSEDES]->(m) }
RETURN 'superseded memory without the memory that supersedes it' AS invariant, count(m) AS broken,
       collect(m.id)[..5] AS sample
UNION ALL
MATCH (a)-[r]-(b) WHERE a.userId IN $userIds AND b.userId IS NOT NULL AND b.userId <> a.userId
RETURN 'relationship joining two users' AS invariant, count(r) AS broken,
       collect(type(r) + ' ' + coalesce(a.id, '?') + ' ' + coalesce(b.id, '?'))[..5] AS sample
UNION ALL
MATCH (u:User)-[r]-(b) WHERE u.id IN $userIds AND b.userId <> u.id
RETURN "user node linked to another user's node" AS invariant, count(r) AS broken,
       collect(type(r) + ' ' + coalesce(b.id, '?'))[..5] AS sample
UNION ALL
MATCH (u:User) WHERE u.id IN $userIds
WITH u, COUNT { (m:Memory {userId: u.id}) } AS memories, COUNT { (u)-[:LATEST]->(:Memory) } AS latest,
     COUNT { (u)-[:LATEST]->(:Memory)-[:NEXT]->() } AS latestWithNext
WHERE coalesce(u.memoryCount, 0) <> memories OR latest > 1 OR (memories > 0 AND latest = 0) OR latestWithNext > 0
RETURN 'user whose memoryCount or LATEST timeline tail is wrong' AS invariant, count(u) AS broken,
       collect(u.id)[..5] AS sample
UNION ALL
MATCH (u:User) WHERE u.id IN $userIds
CALL (u) {
  MATCH (e:Event {userId: u.id})
  RETURN count(e) AS events, min(e.seq) AS low, max(e.seq) AS high
}
WITH u, events, low, high
WHERE events <> coalesce(u.eventSeq, 0) OR (events > 0 AND (low <> 1 OR high <> events))
RETURN 'event log with a gap or a wrong eventSeq' AS invariant, count(u) AS broken, collect(u.id)[..5] AS sample
UNION ALL
MATCH (n)
WHERE (n:Memory OR n:Entity OR n:Retrieval OR n:Decision OR n:Outcome OR n:SalienceUpdate OR n:Event
       OR n:Snapshot OR n:Trail OR n:Hypothesis OR n:Conclusion OR n:Session OR n:SessionEntry OR n:Scene
       OR n:ApiKey)
  AND n.userId IS NULL
RETURN 'owned node (any user) without a userId' AS invariant, count(n) AS broken, collect(n.id)[..5] AS sample
