// name: 068_drop_memory_text_fulltext
// Drops the fulltext index on Memory content and userKey that 024 made. Its last use, remember's subject candidates, now scores BM25 over the caller's own HAS_TERM postings (memory/subject_candidates.cypher), as recall's keyword channel has since 057. Keeping it current cost Neo4j a share of every memory write: under 32 agents, Lucene refreshing its readers after commits took 8.8% of Neo4j's CPU, this index 4.7% of it, besides its merges (docs/benchmarks.md). Memories written before keep a `userKey` property nothing reads.
// mode: schema
DROP INDEX memory_text IF EXISTS
