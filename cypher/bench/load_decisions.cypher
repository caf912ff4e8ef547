// name: load_decisions
// Load bench check: every chosen decision of the run's users, with its owner and summary.
// mode: read
// params: userIds
MATCH (d:Decision) WHERE d.userId IN $userIds AND d.chosen
RETURN d.id AS id, d.userId AS userId, d.summary AS summary
