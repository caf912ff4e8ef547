// name: append
// Appends events to the caller's log with the next per-user sequence numbers, in the transaction of the change they record: run alone or included in that change's query (`// include: events.append`); one row, the new seqs in order.
// mode: write
// params: userId, now, events
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
// incrementing first takes the user's write lock before the read: no two writers get one seq
SET u.eventSeq = coalesce(u.eventSeq, 0) + size($events)
WITH u.eventSeq - size($events) AS base
UNWIND range(0, size($events) - 1) AS i
CREATE (e:Event {id: randomUUID(), userId: $userId, seq: base + i + 1, type: $events[i].type,
                 at: $now, payload: $events[i].payload})
RETURN collect(e.seq) AS eventSeqs
