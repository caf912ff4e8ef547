// name: 052_idempotent_request_key_unique
// One IdempotentRequest per user and client request id: a retried write cannot be applied twice.
// mode: schema
CREATE CONSTRAINT idempotent_request_key_unique IF NOT EXISTS
FOR (r:IdempotentRequest) REQUIRE r.key IS UNIQUE
