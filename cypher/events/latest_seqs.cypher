// name: latest_seqs
// The last event sequence number of each of these users (0 without events): what the event tail polls for every subscription of a server process at once.
// mode: read
// params: userIds
UNWIND $userIds AS userId
OPTIONAL MATCH (u:User {id: userId})
RETURN userId, coalesce(u.eventSeq, 0) AS seq
