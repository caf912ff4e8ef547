// name: unindex_terms
// Takes memories' text out of their owners' keyword statistics (before a delete or a text change): their HAS_TERM postings, Terms no memory holds any more, the owners' keywordDocs and keywordTokens.
// mode: write
// params: ids
UNWIND $ids AS id
MATCH (m:Memory {id: id}) WHERE m.termLength IS NOT NULL
CALL (m) {
  MATCH (m)-[h:HAS_TERM]->(t:Term)
  DELETE h
  WITH t WHERE NOT EXISTS { (t)<-[:HAS_TERM]-() }
  DELETE t
}
WITH m, m.userId AS userId, m.termLength AS length
REMOVE m.termLength
WITH userId, count(m) AS docs, sum(length) AS tokens
MATCH (u:User {id: userId})
SET u.keywordDocs = u.keywordDocs - docs, u.keywordTokens = u.keywordTokens - tokens
RETURN sum(docs) AS unindexed
