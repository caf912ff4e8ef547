// name: set_consent
// Opts the caller in to or out of pattern sharing (creating the User node if needed); returns the new state.
// mode: write
// params: userId, optIn, now
MERGE (u:User {id: $userId})
  ON CREATE SET u.createdAt = $now, u.memoryCount = 0
SET u.sharingOptIn = $optIn, u.sharingUpdatedAt = $now
RETURN u.sharingOptIn AS optedIn, coalesce(u.epsilonSpent, 0.0) AS spent, u.sharingUpdatedAt AS updatedAt
