// name: user_keyword_counts
// Tests: a user's keyword document and token counts.
// mode: read
// params: userId
MATCH (u:User {id: $userId})
RETURN {docs: coalesce(u.keywordDocs, 0), tokens: coalesce(u.keywordTokens, 0)} AS counts
