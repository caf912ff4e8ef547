// name: memory_text_index
// Tests only: the fulltext index on Memory content and userKey as older versions made it (cypher/schema/068 drops it).
// mode: schema
CREATE FULLTEXT INDEX memory_text IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.userKey]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
