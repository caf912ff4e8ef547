// name: remaining
// How many nodes of the user are left (a deletion is verified by zero).
// mode: read
// params: userId
MATCH (n) WHERE n.userId = $userId OR (n:User AND n.id = $userId)
RETURN count(n) AS count
