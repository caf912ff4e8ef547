// name: setting
// Tests: the value a running Neo4j holds for one setting (SHOW SETTINGS).
// mode: read
// params: setting
SHOW SETTINGS YIELD name, value WHERE name = $setting
RETURN value
