// name: delete_keys
// Deletes the caller's API keys before the rest of their data, so that no server process admits another request of theirs (each drops a deleted key within 5 s) while it is deleted; returns how many went.
// mode: write
// params: userId
MATCH (k:ApiKey {userId: $userId})
DETACH DELETE k
RETURN count(*) AS deleted
