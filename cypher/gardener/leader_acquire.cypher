// name: leader_acquire
// Takes or renews a lease (the gardener's leadership among server processes and hosts) for ttlSeconds on Neo4j's clock, unless another holder's lease is unexpired; says whether holder has it.
// mode: write
// params: lease, holder, ttlSeconds
MERGE (l:Lease {name: $lease})
// written first, so the lease's write lock is held before its holder is read: two
// processes never both take an expired lease (Neo4j's lost-update idiom)
SET l.locked = true
WITH l, datetime() AS now
WITH l, now, (l.holder IS NULL OR l.holder = $holder OR l.until < now) AS mine
FOREACH (_ IN CASE WHEN mine THEN [1] ELSE [] END |
  SET l.since = CASE WHEN l.holder = $holder THEN l.since ELSE now END,
      l.holder = $holder, l.until = now + duration({seconds: $ttlSeconds}))
REMOVE l.locked
RETURN mine AS leader, l.holder AS holder
