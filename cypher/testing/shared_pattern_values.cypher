// name: shared_pattern_values
// Tests only: every property value of the shared patterns that carry the given keyword, and whether any has a relationship.
// mode: read
// params: keyword
MATCH (s:SharedPattern) WHERE $keyword IN s.keywords
RETURN s {.*} AS shared, COUNT { (s)--() } AS relationships
