"""Neo4j access: the Cypher library, the database handle and the migrations."""
