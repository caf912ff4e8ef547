// name: term_stats
// Tests: a user's keyword terms with their document frequencies (the Term's degree).
// mode: read
// params: userId
MATCH (t:Term {userId: $userId})
RETURN t.term AS term, COUNT { (t)<-[:HAS_TERM]-() } AS docs
ORDER BY term
