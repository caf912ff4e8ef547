// name: 064_api_key_user_id_index
// Range index on ApiKey.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX api_key_user_id IF NOT EXISTS
FOR (n:ApiKey) ON (n.userId)
