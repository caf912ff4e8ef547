// name: 060_hypothesis_user_id_index
// Range index on Hypothesis.userId: a user's data export and deletion find the user's nodes label by label (cypher/user/owned_nodes.cypher), not by scanning every node.
// mode: schema
CREATE RANGE INDEX hypothesis_user_id IF NOT EXISTS
FOR (n:Hypothesis) ON (n.userId)
