// name: server_version
// Returns the Neo4j server's name, version and edition (the kernel's row: 2026 also lists the Cypher versions).
// mode: read
CALL dbms.components() YIELD name, versions, edition
WITH name, versions, edition WHERE name = 'Neo4j Kernel'
RETURN name, versions[0] AS version, edition
