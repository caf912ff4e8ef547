// name: expire
// Deletes up to batchSize rate-limit buckets untouched for idleSeconds (on Neo4j's clock; a bucket idle that long is full again, so nothing is lost); returns how many went.
// mode: write
// params: idleSeconds, batchSize
MATCH (b:RateBucket) WHERE b.updatedAt < timestamp() - $idleSeconds * 1000
WITH b LIMIT $batchSize
DELETE b
RETURN count(*) AS deleted
