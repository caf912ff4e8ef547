// name: 031_retrieval_user_query_index
// Composite range index on Retrieval (userId, queryHash, createdAt): learn finds the latest retrieval of a query (its seeds).
// mode: schema
CREATE RANGE INDEX retrieval_user_query IF NOT EXISTS
FOR (r:Retrieval) ON (r.userId, r.queryHash, r.createdAt)
