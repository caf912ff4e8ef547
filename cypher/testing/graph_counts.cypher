// name: graph_counts
// Every label's node count and every relationship type's count, for the upgrade test.
// mode: read
CALL () {
  MATCH (n) UNWIND labels(n) AS label RETURN 'node:' + label AS kind, count(*) AS count
UNION ALL
  MATCH ()-[r]->() RETURN 'rel:' + type(r) AS kind, count(*) AS count
}
RETURN kind, count ORDER BY kind
