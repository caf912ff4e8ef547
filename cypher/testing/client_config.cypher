// name: client_config
// Tests: the settings Neo4j Browser reads when it connects (browser.*, client.allow_telemetry).
// mode: read
CALL dbms.clientConfig() YIELD name, value
RETURN name, value
