// name: 061_conclusion_user_id_index
// Range index on Conclusion.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX conclusion_user_id IF NOT EXISTS
FOR (n:Conclusion) ON (n.userId)
