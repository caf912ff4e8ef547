// name: 074_decision_user_created_index
// Composite range index on Decision (userId, createdAt): a page of a user's decisions, newest first, reads the index in its order from the cursor until the page is found (about the page's size when the filters keep most decisions: decisions/list.cypher) instead of every decision of the user, sorted (the query took 35-55 ms a page at 6,641 decisions, growing with them: docs/benchmarks.md). Per user, unlike the index across all users 072 dropped.
// mode: schema
CREATE RANGE INDEX decision_user_created IF NOT EXISTS
FOR (d:Decision) ON (d.userId, d.createdAt)
