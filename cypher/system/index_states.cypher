// name: index_states
// Lists every index with its type, state and population progress.
// mode: read
SHOW INDEXES YIELD name, type, state, populationPercent, labelsOrTypes, properties
RETURN name, type, state, populationPercent, labelsOrTypes, properties
ORDER BY name
