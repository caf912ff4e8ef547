// name: decisions
// Every chosen decision of the caller with the memories that influenced it (score), its alternatives, its outcomes and its session when the caller has that session.
// mode: read
// params: userId
MATCH (d:Decision)
WHERE d.userId = $userId AND d.chosen = true
RETURN d {.id, .decisionType, .summary, .confidence, .sessionId, .retrievalId, .outcomeObserved,
          .createdAt} AS decision,
       [(m:Memory)-[r:INFLUENCED]->(d) WHERE m.userId = $userId | {id: m.id, score: r.score}] AS influencedBy,
       [(d)-[:ALTERNATIVE]->(a:Decision) WHERE a.userId = $userId | a {.id, .summary}] AS alternatives,
       [(d)-[:RESULTED_IN]->(o:Outcome) WHERE o.userId = $userId
        | o {.id, .quality, .signal, .feedback, .status, .createdAt}] AS outcomes,
       COLLECT { MATCH (s:Session) WHERE s.id = d.sessionId AND s.userId = $userId RETURN s.id } AS session
