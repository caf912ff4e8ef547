// name: 059_salience_update_user_id_index
// Range index on SalienceUpdate.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX salience_update_user_id IF NOT EXISTS
FOR (n:SalienceUpdate) ON (n.userId)
