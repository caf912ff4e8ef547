// name: load_outcomes
// Load bench check: every outcome recorded for a decision of the run's users, with its decision.
// mode: read
// params: userIds
MATCH (d:Decision)-[:RESULTED_IN]->(o:Outcome)
USING INDEX d:Decision(userId)  // the users' decisions, whatever the store's statistics (the plan test saw a scan of every RESULTED_IN once (userId, createdAt) existed)
WHERE d.userId IN $userIds
RETURN o.id AS id, o.userId AS userId, d.id AS traceId
