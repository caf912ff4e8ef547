// name: subject_candidates
// For each probe (a text's index i, its keyword terms and its embedding), the caller's active memories that share the most of its subject terms, best first, at most k, with their cosine to the text. Contradiction candidates besides the vector neighbours (seed 003 policy 5): "…region is Frankfurt" / "…region is Dublin" are only 0.74 apart. Scored by BM25 over the caller's own postings, as recall's keyword channel (lexical_candidates.cypher): the rarest terms whose postings fit $postings (at least one) find the 2k best-scored active memories, which are then scored on all the text's terms. Only the head of the first ranking is read for status, and each candidate's postings are read once (not once per term). The first ranking has no tie-break (reading every scored memory's time and id cost 4 ms at 10k memories): among more than 2k active memories tied on the rarest terms, which pass is arbitrary; such memories are rare, as each remembered one would have been checked against the others. No other tenant's memory or statistics enter. Only texts searched by subject are sent (memory/neighbours.py).
// mode: read
// params: userId, probes, k, postings, bm25
OPTIONAL MATCH (owner:User {id: $userId})
WITH coalesce(owner.keywordDocs, 0) AS docs,
     toFloat(coalesce(owner.keywordTokens, 0)) / CASE WHEN coalesce(owner.keywordDocs, 0) > 0 THEN owner.keywordDocs ELSE 1 END AS averageLength
UNWIND $probes AS probe
CALL (probe, docs, averageLength) {
  CALL (probe, docs) {
    UNWIND CASE WHEN docs > 0 THEN probe.terms ELSE [] END AS term
    MATCH (t:Term {userId: $userId, term: term})
    WITH t, COUNT { (t)<-[:HAS_TERM]-() } AS df
    ORDER BY df, t.term
    WITH collect({term: t, idf: log(1.0 + (docs - df + 0.5) / (df + 0.5)), df: df}) AS terms
    RETURN terms, size([i IN range(0, size(terms) - 1)
                        WHERE i = 0 OR reduce(read = 0, x IN terms[0..i + 1] | read + x.df) <= $postings]) AS full
  }
  CALL (terms, full, averageLength) {
    UNWIND terms[0..full] AS x
    WITH x.term AS t, x.idf AS idf
    MATCH (t)<-[h:HAS_TERM]-(node)  // only memories have terms
    WITH node, sum(idf * h.count * ($bm25.k1 + 1) / (h.count + $bm25.k1 * (1 - $bm25.b + $bm25.b * node.termLength / averageLength))) AS partial
    ORDER BY partial DESC
    WITH node WHERE node.status = 'active'
    RETURN node
    LIMIT $k * 2
  }
  CALL (node, terms, averageLength) {
    MATCH (node)-[h:HAS_TERM]->(t)
    WITH h, [x IN terms WHERE x.term = t | x.idf] AS idf
    WHERE idf <> []
    RETURN sum(idf[0] * h.count * ($bm25.k1 + 1) / (h.count + $bm25.k1 * (1 - $bm25.b + $bm25.b * node.termLength / averageLength))) AS score
  }
  WITH node, score
  ORDER BY score DESC, node.validFrom DESC, node.id
  LIMIT $k
  RETURN node {.id, .content, .contentType, .trust, .validFrom, .validUntil, .createdAt} AS memory,
         2 * vector.similarity.cosine(node.embedding, probe.embedding) - 1 AS similarity
}
RETURN probe.i AS i, memory, similarity
ORDER BY i, similarity DESC
