// name: pattern_centroids
// The caller's patterns with their centroid (sum of member unit vectors) and size.
// mode: read
// params: userId
MATCH (p:Pattern) WHERE p.userId = $userId
RETURN p.id AS id, p.centroidSum AS centroidSum, p.size AS size
