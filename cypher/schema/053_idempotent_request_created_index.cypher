// name: 053_idempotent_request_created_index
// Range index on IdempotentRequest createdAt: the prune job expires old records.
// mode: schema
CREATE RANGE INDEX idempotent_request_created IF NOT EXISTS
FOR (r:IdempotentRequest) ON (r.createdAt)
