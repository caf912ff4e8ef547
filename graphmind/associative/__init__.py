"""The associative graph: Hebbian association edges, spreading activation, why paths and
drift snapshots (the Cypher is in `cypher/associative/`). Investigation trails, which
build on it, are their own package, `graphmind/trails/` (their Cypher is still in
`cypher/associative/`)."""
