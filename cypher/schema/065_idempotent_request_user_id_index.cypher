// name: 065_idempotent_request_user_id_index
// Range index on IdempotentRequest.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX idempotent_request_user_id IF NOT EXISTS
FOR (n:IdempotentRequest) ON (n.userId)
