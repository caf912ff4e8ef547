// name: 024_memory_text_fulltext
// Fulltext (Lucene BM25, English analyzer) index on Memory content and userKey; the userKey term scopes keyword recall to one user inside Lucene.
// mode: schema
CREATE FULLTEXT INDEX memory_text IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.userKey]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
