// name: index_terms
// Indexes memories' text for keyword recall in their owners' own statistics: HAS_TERM {count} to each distinct term (Term, one per user and term), the length in terms on the memory, and the owner's keywordDocs and keywordTokens.
// mode: write
// params: termRows
UNWIND $termRows AS row
MATCH (m:Memory {id: row.id})
SET m.termLength = row.termLength
WITH m, row
CALL (m, row) {
  UNWIND range(0, size(row.terms) - 1) AS i
  MERGE (t:Term {userId: m.userId, term: row.terms[i]})
  CREATE (m)-[:HAS_TERM {count: row.termCounts[i]}]->(t)
}
WITH m.userId AS userId, count(m) AS docs, sum(row.termLength) AS tokens
MATCH (u:User {id: userId})
SET u.keywordDocs = coalesce(u.keywordDocs, 0) + docs,
    u.keywordTokens = coalesce(u.keywordTokens, 0) + tokens
RETURN sum(docs) AS indexed
