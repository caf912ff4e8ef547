// name: consent
// The caller's pattern-sharing consent and spent ε (no row when the User node does not exist yet).
// mode: read
// params: userId
MATCH (u:User {id: $userId})
RETURN coalesce(u.sharingOptIn, false) AS optedIn, coalesce(u.epsilonSpent, 0.0) AS spent,
       u.sharingUpdatedAt AS updatedAt
