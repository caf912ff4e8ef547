// name: relationships_of_user
// Tests only: how many relationships join two nodes of the user, neither of them a keyword Term, by scanning every relationship; checks that a data export holds each once.
// mode: read
// params: userId
MATCH (a)-[r]->(b)
WHERE (a.userId = $userId OR (a:User AND a.id = $userId)) AND (b.userId = $userId OR (b:User AND b.id = $userId))
  AND NOT a:Term AND NOT b:Term
RETURN count(r) AS count
