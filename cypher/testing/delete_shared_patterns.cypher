// name: delete_shared_patterns
// Tests only: deletes the shared patterns that carry the given keyword.
// mode: write
// params: keyword
MATCH (s:SharedPattern) WHERE $keyword IN s.keywords
DETACH DELETE s
RETURN count(*) AS deleted
