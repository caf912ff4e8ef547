// name: 062_session_entry_user_id_index
// Range index on SessionEntry.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX session_entry_user_id IF NOT EXISTS
FOR (n:SessionEntry) ON (n.userId)
