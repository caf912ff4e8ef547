// name: 015_retrieval_user_id_index
// Range index on Retrieval.userId: every query is scoped to one user.
// mode: schema
CREATE RANGE INDEX retrieval_user_id IF NOT EXISTS
FOR (n:Retrieval) ON (n.userId)
