// name: get
// The recorded response of a client request id (the key joins the user and the id).
// mode: read
// params: key
MATCH (r:IdempotentRequest {key: $key})
RETURN r.operation AS operation, r.fingerprint AS fingerprint, r.response AS response
