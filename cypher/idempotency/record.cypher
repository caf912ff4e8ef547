// name: record
// Records a request id's response, and a hash of what the request asked for, in the request's own transaction (the key is unique: a concurrent twin fails here and rolls back).
// mode: write
// params: key, userId, requestId, operation, fingerprint, response, now
CREATE (r:IdempotentRequest {key: $key, userId: $userId, requestId: $requestId, operation: $operation,
                             fingerprint: $fingerprint, response: $response, createdAt: $now})
RETURN r.key AS key
