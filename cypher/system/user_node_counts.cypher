// name: user_node_counts
// Counts the caller's nodes per label (nodes carry the userId of their owner).
// mode: read
// params: userId
MATCH (n)
WHERE n.userId = $userId
UNWIND labels(n) AS label
RETURN label, count(*) AS count
ORDER BY label
