// name: 024_memory_content_fulltext
// Fulltext (Lucene, BM25-style) index on Memory.content for keyword recall.
// mode: schema
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content]
