// name: append
// Appends events to the caller's log with the next per-user sequence numbers (run in the same transaction as the change they record).
// mode: write
// params: userId, at, events
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $at, u.memoryCount = 0
// incrementing first takes the user's write lock before the read: no two writers get one seq
SET u.eventSeq = coalesce(u.eventSeq, 0) + size($events)
WITH u.eventSeq - size($events) AS base
UNWIND range(0, size($events) - 1) AS i
CREATE (e:Event {id: randomUUID(), userId: $userId, seq: base + i + 1, type: $events[i].type,
                 at: $at, payload: $events[i].payload})
RETURN e.seq AS seq
