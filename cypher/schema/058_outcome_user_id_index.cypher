// name: 058_outcome_user_id_index
// Range index on Outcome.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX outcome_user_id IF NOT EXISTS
FOR (n:Outcome) ON (n.userId)
