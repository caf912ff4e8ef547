// name: publish
// Creates or replaces a shared pattern's release (noisy numbers, k-anonymous text, no ids of user data) and marks the contributing patterns with it (a private, one-way marker).
// mode: write
// params: shared, patternIds, now
MERGE (s:SharedPattern {id: $shared.id})
  ON CREATE SET s.createdAt = $now, s.releases = 0
SET s.description = $shared.description, s.keywords = $shared.keywords,
    s.instances = $shared.instances, s.users = $shared.users, s.meanQuality = $shared.meanQuality,
    s.epsilon = $shared.epsilon, s.releases = s.releases + 1, s.publishedAt = $now
WITH s
CALL (s) {
  MATCH (p:Pattern) WHERE p.id IN $patternIds
  SET p.sharedIn = s.id, p.sharedAt = $now
}
RETURN s.id AS id, s.releases AS releases
