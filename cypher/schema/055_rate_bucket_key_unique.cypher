// name: 055_rate_bucket_key_unique
// One shared rate-limit bucket per API key (or keyless user), so concurrent first requests MERGE one node.
// mode: schema
CREATE CONSTRAINT rate_bucket_key_unique IF NOT EXISTS
FOR (n:RateBucket) REQUIRE n.key IS UNIQUE
