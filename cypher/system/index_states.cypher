// name: index_states
// Lists every index with its type, state, population progress, schema and options.
// mode: read
SHOW INDEXES YIELD name, type, state, populationPercent, labelsOrTypes, properties, options
RETURN name, type, state, populationPercent, labelsOrTypes, properties, options
ORDER BY name
