// name: lexical_candidates
// Recall's keyword and entity-graph candidates with their channel scores: BM25 over the caller's own postings and the caller's entities. Neither needs the query's embedding, so recall runs this while the query is embedded, and `rank.cypher` fuses these candidates with the vector channel's.
// mode: read
// params: userId, keywordTerms, keywordPostings, bm25, entityKeys, channels, keywordK, maxEntityShare, statuses, minSalience
CYPHER 25

OPTIONAL MATCH (owner:User {id: $userId})
WITH coalesce(owner.memoryCount, 0) AS owned, coalesce(owner.keywordDocs, 0) AS docs,
     toFloat(coalesce(owner.keywordTokens, 0)) / CASE WHEN coalesce(owner.keywordDocs, 0) > 0 THEN owner.keywordDocs ELSE 1 END AS averageLength
CALL (owned, docs, averageLength) {
  // BM25 (k1 and b of core/terms.py, Lucene's idf) over the caller's own postings (memory/keyword_index.py):
  // a term's document frequency is its Term's degree; no other tenant's text enters.
  // The rarest terms whose postings fit $keywordPostings (at least one) find the candidates;
  // commoner terms then add their part to the best of them only (docs/memory.md).
  CALL (docs) {
    UNWIND CASE WHEN 'keyword' IN $channels AND docs > 0 THEN $keywordTerms ELSE [] END AS term
    MATCH (t:Term {userId: $userId, term: term})
    WITH t, COUNT { (t)<-[:HAS_TERM]-() } AS df
    ORDER BY df, t.term
    WITH collect({term: t, idf: log(1.0 + (docs - df + 0.5) / (df + 0.5)), df: df}) AS terms
    RETURN terms, size([i IN range(0, size(terms) - 1)
                        WHERE i = 0 OR reduce(read = 0, x IN terms[0..i + 1] | read + x.df) <= $keywordPostings]) AS full
  }
  CALL (terms, full, averageLength) {
    UNWIND terms[0..full] AS x
    WITH x.term AS t, x.idf AS idf
    MATCH (t)<-[h:HAS_TERM]-(node)  // only memories have terms
    WITH node, sum(idf * h.count * ($bm25.k1 + 1) / (h.count + $bm25.k1 * (1 - $bm25.b + $bm25.b * node.termLength / averageLength))) AS partial
    // Reading a memory's status, salience and time costs more than scoring it, so only the
    // best-scored head is read: exact when the cut's score beats every score outside the head
    // (all eligible memories that can make the cut, ties included, are in it); else the rest
    // is read too.
    ORDER BY partial DESC
    WITH collect({node: node, partial: partial}) AS scored
    WITH scored, size(scored[0..$keywordK * 4]) AS headSize
    WITH scored, headSize, [s IN scored[0..headSize] WHERE s.node.status IN $statuses AND s.node.effectiveSalience >= $minSalience] AS eligible
    UNWIND eligible + CASE WHEN size(scored) = headSize
                                OR (size(eligible) >= $keywordK * 2 AND eligible[$keywordK * 2 - 1].partial > scored[headSize].partial)
                           THEN []
                           ELSE [s IN scored[headSize..] WHERE s.node.status IN $statuses AND s.node.effectiveSalience >= $minSalience] END AS s
    WITH s.node AS node, s.partial AS partial
    ORDER BY partial DESC, node.validFrom DESC, node.id
    LIMIT $keywordK * 2
    RETURN node, partial
  }
  CALL (node, terms, full, averageLength) {
    UNWIND terms[full..] AS x
    WITH x.term AS t, x.idf AS idf
    MATCH (node)-[h:HAS_TERM]->(t)
    RETURN sum(idf * h.count * ($bm25.k1 + 1) / (h.count + $bm25.k1 * (1 - $bm25.b + $bm25.b * node.termLength / averageLength))) AS rest
  }
  WITH node, partial + rest AS score
  ORDER BY score DESC, node.validFrom DESC, node.id
  LIMIT $keywordK
  RETURN node, 'keyword' AS channel, score
UNION ALL
  UNWIND CASE WHEN 'graph' IN $channels THEN $entityKeys ELSE [] END AS key
  MATCH (e:Entity {userId: $userId, key: key}) USING INDEX SEEK e:Entity(userId, key)
  WITH e, COUNT { (e)<-[:MENTIONS]-() } AS degree
  // stop-entities (mentioned by more than maxEntityShare of the user's memories) carry no signal
  WHERE degree <= $maxEntityShare * owned OR degree <= 3
  WITH e, 1.0 / log(2.0 + degree) AS weight
  MATCH (e)<-[:MENTIONS]-(hit:Memory)
  // a forgotten or superseded memory neither counts nor lends its timeline neighbours a score
  WHERE hit.status IN $statuses AND hit.effectiveSalience >= $minSalience
  WITH hit, sum(weight) AS direct
  CALL (hit, direct) {
    RETURN hit AS node, direct AS score
  UNION ALL
    MATCH (hit)-[:NEXT]-(linked:Memory)
    RETURN linked AS node, direct * 0.5 AS score
  }
  WITH node, max(score) AS score
  RETURN node, 'graph' AS channel, score
}
// one row: the driver pays for every record it receives
WITH collect({id: node.id, channel: channel, score: score}) AS hits
// whether the caller had a User node when recalling: its record must not bring back a user deleted since (record_retrieval)
RETURN hits, EXISTS { MATCH (:User {id: $userId}) } AS ownerExists
