// name: record_retrieval
// Records a recall as a Retrieval (nothing when none of the memories it returned exists any more) with its memory.retrieved event, RETURNED edges and co-retrieval edge changes; each returned memory is reviewed as it is when the record is written (the record is written behind the recall: a later record of the same memory builds on an earlier one): its decay timer resets and its stability grows by the spacing effect, S·(1 + stabilityFactor·(1 − R)), never below minStability, R as `rank.cypher` computes it at the recall's time (lifecycle/decay.py); its Kalman utility takes the retrieval as weak evidence of use (memory/utility.py: observed 0.5 + 0.5/rank, measurement noise retrievalNoise, 0: off), read and written under the memory's lock.
// mode: write
// params: userId, retrievalId, events, query, queryHash, results, userExisted, now, retrievalNoise, processNoise, changes, retrievabilityScale, defaultStability, stabilityFactor, minStability
// A record that lands after its user's data was deleted (queued in another process while
// deleteUserData ran in this one) finds none of the memories it returned, or, when the
// recall returned nothing, no User although the recall saw one ($userExisted): it writes
// nothing, so no User, Retrieval or event of the deleted user comes back. A new user's
// recall (no User yet) is recorded, with the User its event needs.
OPTIONAL MATCH (returned:Memory) USING INDEX SEEK returned:Memory(id)
WHERE returned.id IN [item IN $results | item.id] AND returned.userId = $userId
WITH count(returned) AS found
WHERE found > 0 OR (size($results) = 0 AND (NOT $userExisted OR EXISTS { MATCH (:User {id: $userId}) }))
// include: events.append
CREATE (r:Retrieval {id: $retrievalId, userId: $userId, query: $query, queryHash: $queryHash,
                     createdAt: $now, resultCount: size($results)})
WITH r
UNWIND $results AS item
MATCH (m:Memory {id: item.id}) USING INDEX SEEK m:Memory(id) WHERE m.userId = $userId
CREATE (r)-[:RETURNED {rank: item.rank, score: item.score}]->(m)
// written first, so the memory's write lock is held before its review is read
SET m.accessCount = coalesce(m.accessCount, 0) + 1
WITH m, item, coalesce(m.stability, $defaultStability) AS stability,
     reduce(latest = m.createdAt, at IN [m.lastAccessedAt, m.sceneFlushedAt] |
            CASE WHEN at IS NOT NULL AND at > latest THEN at ELSE latest END) AS since
WITH m, item, stability,
     CASE WHEN m.inScene THEN 1.0
          ELSE $retrievabilityScale * exp(-(CASE WHEN since < $now THEN duration.inSeconds(since, $now).seconds ELSE 0 END / 3600.0) / stability)
     END AS retrievability
WITH m, item, stability * (1 + $stabilityFactor * (1 - CASE WHEN retrievability > 1.0 THEN 1.0 ELSE retrievability END)) AS reviewed
SET m.lastAccessedAt = CASE WHEN m.lastAccessedAt > $now THEN m.lastAccessedAt ELSE $now END,
    m.stability = CASE WHEN reviewed < $minStability THEN toFloat($minStability) ELSE reviewed END
WITH m, item, coalesce(m.utilityEstimate, 0.5) AS x, coalesce(m.utilityVariance, 1.0) AS p
WITH m, item, x, p, CASE WHEN $retrievalNoise > 0 THEN p / (p + $retrievalNoise) ELSE 0.0 END AS k
SET m.utilityEstimate = CASE WHEN k > 0 THEN x + k * (0.5 + 0.5 / item.rank - x) ELSE m.utilityEstimate END,
    m.utilityVariance = CASE WHEN k > 0 THEN (1 - k) * p + $processNoise ELSE m.utilityVariance END
WITH count(m) AS recorded
// co-retrieval: $changes associates the top results (none when fewer than two)
// include optional: associative.adjust
RETURN recorded
