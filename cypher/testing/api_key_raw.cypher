// name: api_key_raw
// Tests: an API key node as stored (to check that only the hash is kept).
// mode: read
// params: keyId
MATCH (k:ApiKey {id: $keyId})
RETURN k {.*} AS key, k.hash AS hash
