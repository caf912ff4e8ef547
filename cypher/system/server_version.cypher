// name: server_version
// Returns the Neo4j server's name, version and edition.
// mode: read
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition
