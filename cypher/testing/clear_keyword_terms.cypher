// name: clear_keyword_terms
// Tests: a user's memories and statistics as a GraphMind without per-user keyword statistics left them.
// mode: write
// params: userId
MATCH (u:User {id: $userId})
REMOVE u.keywordDocs, u.keywordTokens
WITH u
CALL (u) {
  MATCH (m:Memory {userId: $userId})
  REMOVE m.termLength
}
CALL () {
  MATCH (t:Term {userId: $userId})
  DETACH DELETE t
}
RETURN count(*) AS cleared
