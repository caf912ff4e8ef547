// name: rank
// Hybrid recall's ranking: vector candidates and the keyword and entity-graph candidates of `lexical_candidates` ($lexical), fused ($fusion: 'scores', the sum of each channel's min-max normalised score, or 'rrf', Reciprocal Rank Fusion), multiplied by 1 + $periodBoost for a memory dated in the period the query names ($period), and weighted by effective salience (relevance), widened by temporal neighbours, mixed with retrievability (DSR) and learned utility (seed 003 relationship 2).
// mode: read
// params: userId, embedding, lexical, channels, vectorK, keywordK, graphK, fusion, rrfK, weights, period, periodBoost, limit, minSalience, filters, statuses, hideImproved, neighbourSeconds, neighbourShare, neighbourParents, neighboursPerParent, neighbourFloor, mix, retrievabilityScale, defaultStability, withEmbeddings, now
CYPHER 25

// 1. Candidates of each channel, only the caller's memories: the vector index filters by
//    owner and status itself; the keyword and entity-graph candidates come scored from
//    `lexical_candidates.cypher`, which recall ran while the query was embedded.
CALL () {
  // a filtered SEARCH that matches no memory fails inside Neo4j 2026.09 (docs/architecture.md): only search when one does
  UNWIND CASE WHEN 'vector' IN $channels AND EXISTS { MATCH (x:Memory {userId: $userId}) WHERE x.status IN $statuses }
              THEN [1] ELSE [] END AS _
  MATCH (node:Memory)
    SEARCH node IN (VECTOR INDEX memory_embedding FOR $embedding
                    WHERE node.userId = $userId AND node.status IN $statuses LIMIT $vectorK)
    SCORE AS score
  RETURN node, 'vector' AS channel, 2 * score - 1 AS score
UNION ALL
  UNWIND $lexical AS hit
  MATCH (node:Memory {id: hit.id}) USING INDEX SEEK node:Memory(id)
  WHERE node.userId = $userId
  RETURN node, hit.channel AS channel, hit.score AS score
}

// 2. Eligibility, then each channel's rank among eligible memories. World time: valid at
//    validAt (a validity closed by a retirement after believedAt was still open then);
//    belief time: recorded by believedAt and not retired by then. The recall's filters come
//    in one map, each null when not asked for: a map keeps one cached plan for every filter
//    set (db/database.py, `nullable`).
WITH node, channel, score
WHERE node.status IN $statuses
  AND node.effectiveSalience >= $minSalience
  AND ($filters.validAt IS NULL OR (node.validFrom <= $filters.validAt AND (node.validUntil IS NULL OR node.validUntil > $filters.validAt OR node.retiredAt > $filters.believedAt)))
  AND ($filters.believedAt IS NULL OR (node.createdAt <= $filters.believedAt AND (node.retiredAt IS NULL OR node.retiredAt > $filters.believedAt)))
  AND ($filters.rangeFrom IS NULL OR node.validUntil IS NULL OR node.validUntil >= $filters.rangeFrom)
  AND ($filters.rangeTo IS NULL OR node.validFrom <= $filters.rangeTo)
  AND ($filters.contentTypes IS NULL OR node.contentType IN $filters.contentTypes)
  AND ($filters.temporalLevels IS NULL OR node.temporalLevel IN $filters.temporalLevels)
  AND ($filters.tags IS NULL OR any(tag IN node.tags WHERE tag IN $filters.tags))
  // a self-improved version that qualifies stands in for the memory it improves (only a
  // memory labelled Improved has one: the label is cheaper to read than its relationships)
  AND ($hideImproved = false OR NOT node:Improved OR NOT EXISTS {
    MATCH (node)<-[:IMPROVES]-(better:Memory)
    WHERE better.status = 'active' AND better.effectiveSalience >= $minSalience
      AND ($filters.validAt IS NULL OR (better.validFrom <= $filters.validAt AND (better.validUntil IS NULL OR better.validUntil > $filters.validAt OR better.retiredAt > $filters.believedAt)))
  AND ($filters.believedAt IS NULL OR (better.createdAt <= $filters.believedAt AND (better.retiredAt IS NULL OR better.retiredAt > $filters.believedAt)))
      AND ($filters.rangeFrom IS NULL OR better.validUntil IS NULL OR better.validUntil >= $filters.rangeFrom)
      AND ($filters.rangeTo IS NULL OR better.validFrom <= $filters.rangeTo) })
// equal scores: the later memory first (an id is random: it would order ties by chance)
WITH channel, node, score
ORDER BY channel, score DESC, node.validFrom DESC, node.id
WITH channel, collect({node: node, score: score}) AS hits
WITH channel, CASE channel WHEN 'vector' THEN $vectorK WHEN 'keyword' THEN $keywordK ELSE $graphK END AS k, hits
WITH channel, k, hits[0..k] AS hits
// each channel's scores min-max normalised over its own candidates: its best 1, its k-th 0
// (all 1 when they tie). A channel that found fewer than k candidates has no k-th: its
// scores are measured from no match (0), so that two close candidates stay close and
// salience can still order them.
WITH channel, hits, hits[0].score AS high,
     CASE WHEN size(hits) < k AND hits[size(hits) - 1].score > 0 THEN 0.0 ELSE hits[size(hits) - 1].score END AS low
UNWIND range(0, size(hits) - 1) AS i
WITH hits[i].node AS node, {channel: channel, rank: i + 1, score: hits[i].score,
     normalised: CASE WHEN high > low THEN (hits[i].score - low) / (high - low) ELSE 1.0 END} AS ranked

// 3. Fusion (channel weights, 1.0 by default), weighted by effective salience (rule R7): the sum
//    of the normalised channel scores ('scores', the default), or Reciprocal Rank Fusion
//    ('rrf': Σ weight / (k + rank)), which is computed and shown either way.
WITH node, collect(ranked) AS ranks
WITH node, ranks,
     reduce(total = 0.0, r IN ranks | total + $weights[r.channel] / ($rrfK + r.rank)) AS rrf,
     reduce(total = 0.0, r IN ranks | total + $weights[r.channel] * r.normalised) AS scoreSum
WITH node, ranks, rrf, CASE $fusion WHEN 'rrf' THEN rrf ELSE scoreSum END AS fusedScore
// a memory dated in the period the query names ("in May 2023", "on October 13, 2023", "last week"; memory/periods.py)
WITH node, ranks, rrf, fusedScore,
     CASE WHEN $period.named
               AND ($period.year IS NULL OR node.validFrom.year = $period.year)
               AND ($period.month IS NULL OR node.validFrom.month = $period.month)
               AND ($period.day IS NULL OR node.validFrom.day = $period.day)
               AND ($period.from IS NULL OR node.validFrom >= $period.from)
               AND ($period.to IS NULL OR node.validFrom < $period.to)
          THEN 1.0 + $periodBoost ELSE 1.0 END AS periodBoost
WITH node, ranks, rrf, fusedScore, periodBoost, fusedScore * periodBoost * node.effectiveSalience AS weighted
ORDER BY weighted DESC, node.validFrom DESC, node.id
WITH collect({node: node, ranks: ranks, rrf: rrf, fusedScore: fusedScore, periodBoost: periodBoost, weighted: weighted}) AS fused
WITH fused, CASE WHEN size(fused) = 0 OR fused[0].weighted <= 0 THEN 1.0 ELSE fused[0].weighted END AS best
// relevance: the fused score × the period's boost × salience relative to the best candidate, in [0, 1]
WITH [f IN fused | f {.*, final: f.weighted / best}] AS fused

// 4. Temporal neighbours (seed 003 policy 7): of the memories within the window around
//    each top result whose relevance reaches the floor, the $neighboursPerParent nearest in
//    time get neighbourShare of their parent's relevance, when that is higher. Neighbours
//    of one parent tie; the one with more relevance of its own ranks first, then the closer
//    in time (to the millisecond), then the later one.
CALL (fused) {
  UNWIND [f IN fused[0..$neighbourParents] WHERE f.final >= $neighbourFloor] AS parent
  WITH parent, parent.node AS p
  // The nearest in time are among the $neighboursPerParent nearest eligible before the
  // parent and as many after it: two reads of the (userId, validFrom) index in order,
  // each stopping at its limit, instead of reading every memory in the window. Ordering by
  // userId too (one value here) is what lets the planner take the index's order.
  CALL (p) {
    MATCH (n:Memory) USING INDEX SEEK n:Memory(userId, validFrom)
    WHERE n.userId = $userId
      AND n.validFrom >= p.validFrom - duration({seconds: $neighbourSeconds})
      AND n.validFrom <= p.validFrom
      AND n <> p
      AND n.status IN $statuses
      AND n.effectiveSalience >= $minSalience
      AND ($filters.validAt IS NULL OR (n.validFrom <= $filters.validAt AND (n.validUntil IS NULL OR n.validUntil > $filters.validAt OR n.retiredAt > $filters.believedAt)))
    AND ($filters.believedAt IS NULL OR (n.createdAt <= $filters.believedAt AND (n.retiredAt IS NULL OR n.retiredAt > $filters.believedAt)))
      AND ($filters.rangeFrom IS NULL OR n.validUntil IS NULL OR n.validUntil >= $filters.rangeFrom)
      AND ($filters.rangeTo IS NULL OR n.validFrom <= $filters.rangeTo)
      AND ($filters.contentTypes IS NULL OR n.contentType IN $filters.contentTypes)
      AND ($filters.temporalLevels IS NULL OR n.temporalLevel IN $filters.temporalLevels)
      AND ($filters.tags IS NULL OR any(tag IN n.tags WHERE tag IN $filters.tags))
      AND ($hideImproved = false OR NOT n:Improved OR NOT EXISTS {
        MATCH (n)<-[:IMPROVES]-(better:Memory)
        WHERE better.status = 'active' AND better.effectiveSalience >= $minSalience
          AND ($filters.validAt IS NULL OR (better.validFrom <= $filters.validAt AND (better.validUntil IS NULL OR better.validUntil > $filters.validAt OR better.retiredAt > $filters.believedAt)))
    AND ($filters.believedAt IS NULL OR (better.createdAt <= $filters.believedAt AND (better.retiredAt IS NULL OR better.retiredAt > $filters.believedAt)))
          AND ($filters.rangeFrom IS NULL OR better.validUntil IS NULL OR better.validUntil >= $filters.rangeFrom)
          AND ($filters.rangeTo IS NULL OR better.validFrom <= $filters.rangeTo) })
    WITH n ORDER BY n.userId DESC, n.validFrom DESC LIMIT $neighboursPerParent
    RETURN n
  UNION ALL
    MATCH (n:Memory) USING INDEX SEEK n:Memory(userId, validFrom)
    WHERE n.userId = $userId
      AND n.validFrom > p.validFrom
      AND n.validFrom <= p.validFrom + duration({seconds: $neighbourSeconds})
      AND n.status IN $statuses
      AND n.effectiveSalience >= $minSalience
      AND ($filters.validAt IS NULL OR (n.validFrom <= $filters.validAt AND (n.validUntil IS NULL OR n.validUntil > $filters.validAt OR n.retiredAt > $filters.believedAt)))
    AND ($filters.believedAt IS NULL OR (n.createdAt <= $filters.believedAt AND (n.retiredAt IS NULL OR n.retiredAt > $filters.believedAt)))
      AND ($filters.rangeFrom IS NULL OR n.validUntil IS NULL OR n.validUntil >= $filters.rangeFrom)
      AND ($filters.rangeTo IS NULL OR n.validFrom <= $filters.rangeTo)
      AND ($filters.contentTypes IS NULL OR n.contentType IN $filters.contentTypes)
      AND ($filters.temporalLevels IS NULL OR n.temporalLevel IN $filters.temporalLevels)
      AND ($filters.tags IS NULL OR any(tag IN n.tags WHERE tag IN $filters.tags))
      AND ($hideImproved = false OR NOT n:Improved OR NOT EXISTS {
        MATCH (n)<-[:IMPROVES]-(better:Memory)
        WHERE better.status = 'active' AND better.effectiveSalience >= $minSalience
          AND ($filters.validAt IS NULL OR (better.validFrom <= $filters.validAt AND (better.validUntil IS NULL OR better.validUntil > $filters.validAt OR better.retiredAt > $filters.believedAt)))
    AND ($filters.believedAt IS NULL OR (better.createdAt <= $filters.believedAt AND (better.retiredAt IS NULL OR better.retiredAt > $filters.believedAt)))
          AND ($filters.rangeFrom IS NULL OR better.validUntil IS NULL OR better.validUntil >= $filters.rangeFrom)
          AND ($filters.rangeTo IS NULL OR better.validFrom <= $filters.rangeTo) })
    WITH n ORDER BY n.userId, n.validFrom LIMIT $neighboursPerParent
    RETURN n
  }
  WITH parent, n, abs(duration.inSeconds(p.validFrom, n.validFrom).milliseconds) AS distance
  ORDER BY distance, n.validFrom DESC
  WITH parent, collect({node: n, distance: distance})[0..$neighboursPerParent] AS nearest
  UNWIND nearest AS x
  WITH x.node AS n, parent.final * $neighbourShare AS share, parent.node.id AS parentId, x.distance AS distance
  ORDER BY share DESC, distance
  WITH n, collect({share: share, parentId: parentId, distance: distance})[0] AS best
  RETURN collect({node: n, share: best.share, parentId: best.parentId, distance: best.distance}) AS neighbours
}
UNWIND fused + neighbours AS item
WITH item.node AS node, collect(item) AS items
WITH node,
     [x IN items WHERE x.rrf IS NOT NULL][0] AS own,
     [x IN items WHERE x.share IS NOT NULL][0] AS near
WITH node, coalesce(own.ranks, []) AS ranks, coalesce(own.rrf, 0.0) AS rrf, coalesce(own.fusedScore, 0.0) AS fusedScore,
     coalesce(own.periodBoost, 1.0) AS periodBoost,
     coalesce(own.final, 0.0) AS ownFinal, near,
     near IS NOT NULL AND near.share > coalesce(own.final, 0.0) AS viaNeighbour
WITH node, ranks, rrf, fusedScore, periodBoost, ownFinal,
     CASE WHEN viaNeighbour THEN near.share ELSE ownFinal END AS relevance,
     CASE WHEN viaNeighbour THEN near.parentId END AS neighbourOf,
     CASE WHEN viaNeighbour THEN near.distance ELSE 0 END AS distance

// 5. The ranking mix: w_sim·relevance + w_R·retrievability + w_U·utility, where
//    R = C·e^(−t/S) hours since the last access (or scene flush), 1 inside a scene.
WITH node, ranks, rrf, fusedScore, periodBoost, ownFinal, relevance, neighbourOf, distance,
     coalesce(node.stability, $defaultStability) AS stability,
     reduce(latest = node.createdAt, at IN [node.lastAccessedAt, node.sceneFlushedAt] |
            CASE WHEN at IS NOT NULL AND at > latest THEN at ELSE latest END) AS since
WITH node, ranks, rrf, fusedScore, periodBoost, ownFinal, relevance, neighbourOf, distance,
     CASE WHEN node.inScene THEN 1.0
          ELSE $retrievabilityScale * exp(-(CASE WHEN since < $now THEN duration.inSeconds(since, $now).seconds ELSE 0 END / 3600.0) / stability)
     END AS retrievability,
     coalesce(node.utilityEstimate, 0.5) AS utility
WITH node, ranks, rrf, fusedScore, periodBoost, ownFinal, relevance, neighbourOf, distance, retrievability, utility,
     $mix.similarity * relevance + $mix.retrievability * retrievability + $mix.utility * utility AS final
// scores within 1e-4 tie (a few seconds' difference in R must not outrank a closer neighbour);
// of tied memories, the one with more relevance of its own ranks first: of a parent's
// neighbours, one the channels found too before one they did not, then the closer in time
ORDER BY round(final * 10000) DESC, ownFinal DESC, distance, node.validFrom DESC, node.id
LIMIT $limit
// one row, in this order: the driver pays for every record it receives
RETURN collect({memory: node {.*, embedding: CASE WHEN $withEmbeddings THEN node.embedding END},
                entities: [(node)-[:MENTIONS]->(e) | e.name],
                ranks: ranks, rrf: rrf, fusedScore: fusedScore, periodBoost: periodBoost, relevance: relevance, retrievability: retrievability,
                utility: utility, final: final, neighbourOf: neighbourOf}) AS ranked
