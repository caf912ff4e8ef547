// name: warmup_claim
// Claims the warm-up of the Neo4j whose JVM started at startedAtMs: true for the first
// caller of that start only, so a server restarted beside it, or several hosts, warm it
// once (one Lease node, unique by name, locked before it is read).
// mode: write
// params: startedAtMs
MERGE (l:Lease {name: 'neo4j-warmup'})
SET l.locked = true
WITH l, coalesce(l.startedAtMs = $startedAtMs, false) AS done
SET l.startedAtMs = $startedAtMs, l.claimedAt = CASE WHEN done THEN l.claimedAt ELSE datetime() END
REMOVE l.locked
RETURN NOT done AS claimed
