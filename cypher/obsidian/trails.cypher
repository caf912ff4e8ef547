// name: trails
// Every trail of the caller with its visited nodes (relevance, annotation), the trail it was merged into, and its hypotheses and conclusions with their evidence among the caller's nodes.
// mode: read
// params: userId
MATCH (t:Trail)
WHERE t.userId = $userId
RETURN t {.id, .agentId, .label, .status, .summary, .tags, .openQuestions, .createdAt, .updatedAt} AS trail,
       [(t)-[v:VISITED]->(n) WHERE n.userId = $userId AND (n:Memory OR n:Entity)
        | {id: n.id, relevance: v.relevance, annotation: v.annotation}] AS visited,
       [(t)-[:MERGED_INTO]->(x:Trail) WHERE x.userId = $userId | x.id] AS mergedInto,
       [(t)-[:HAS_HYPOTHESIS]->(h:Hypothesis)
        | h {.id, .statement, .confidence, .status, .createdAt,
             supportedBy: [(h)-[:SUPPORTED_BY]->(n) WHERE n.userId = $userId | n.id],
             contradictedBy: [(h)-[:CONTRADICTED_BY]->(n) WHERE n.userId = $userId | n.id]}] AS hypotheses,
       [(t)-[:HAS_CONCLUSION]->(c:Conclusion)
        | c {.id, .statement, .confidence, .createdAt,
             supportedBy: [(c)-[:SUPPORTED_BY]->(n) WHERE n.userId = $userId | n.id]}] AS conclusions
