// name: clear_query_caches
// Empties Neo4j's query caches (parsed queries and their plans): the warm-up's plans were made with its throwaway users' statistics, on a store that may hold little else, and Neo4j would keep them up to 10 minutes (warmup.py; docs/architecture.md, "Query plans").
// mode: write
CALL db.clearQueryCaches() YIELD value
RETURN value
