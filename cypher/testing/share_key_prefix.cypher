// name: share_key_prefix
// Gives key $keyId the shown prefix $prefix of another key (two keys whose prefixes collide, a chance of about one in 10^14).
// mode: write
// params: keyId, prefix
MATCH (k:ApiKey {id: $keyId})
SET k.prefix = $prefix
