// name: nodes_of_user_anywhere
// Tests only: how many nodes of the user exist under any label, and how many of them are keyword Terms, by scanning every node; checks that user.owned_nodes misses none.
// mode: read
// params: userId
MATCH (n)
WHERE n.userId = $userId OR (n:User AND n.id = $userId)
RETURN count(n) AS count, count(CASE WHEN n:Term THEN n END) AS terms
