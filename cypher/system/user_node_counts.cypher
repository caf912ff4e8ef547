// name: user_node_counts
// Counts the caller's nodes per label (nodes carry the userId of their owner), found label by label through their userId indexes (user.owned_nodes), not by scanning every node.
// mode: read
// params: userId
// include: user.owned_nodes
WITH n WHERE NOT n:User  // the User node itself (no userId) is not counted
UNWIND labels(n) AS label
RETURN label, count(*) AS count
ORDER BY label
