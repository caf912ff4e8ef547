// name: expire
// Deletes up to batchSize request-id records older than the cutoff; returns how many went.
// mode: write
// params: cutoff, batchSize
MATCH (r:IdempotentRequest) WHERE r.createdAt < $cutoff
WITH r LIMIT $batchSize
DELETE r
RETURN count(*) AS deleted
