// name: nodes_of_user_anywhere
// Tests only: how many nodes of the user exist under any label, by scanning every node; checks that user.owned_nodes misses none.
// mode: read
// params: userId
MATCH (n)
WHERE n.userId = $userId OR (n:User AND n.id = $userId)
RETURN count(n) AS count
