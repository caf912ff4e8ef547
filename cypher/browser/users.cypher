// name: users
// Every user (most memories first) with their memory, association and event counts: pick a userId here.
// mode: read
// params:
// In Browser: run it as is, then :param userId => "alice" with one of the ids it lists.
MATCH (u:User)
RETURN u.id AS userId, coalesce(u.memoryCount, 0) AS memories,
       coalesce(u.associationCount, 0) AS associations, coalesce(u.eventSeq, 0) AS events,
       u.createdAt AS since
ORDER BY memories DESC, userId
LIMIT 100
