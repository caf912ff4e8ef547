// name: remaining
// How many nodes of the user are left (a deletion is verified by zero).
// mode: read
// params: userId
// include: user.owned_nodes
RETURN count(n) AS count
