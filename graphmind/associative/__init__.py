"""The associative graph: Hebbian association edges, spreading activation, why paths,
drift snapshots and investigation trails (the Cypher is in `cypher/associative/`)."""
