// name: update_memory
// Replaces the text of one of the caller's active memories in place (keeping its id) if it still has the previous text (memory.index_terms indexes the new text): new embedding and token count, updatedAt, MENTIONS of the new text's entities added (none removed).
// mode: write
// params: userId, id, previous, content, embedding, tokenCount, entities, now
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId AND m.status = 'active' AND m.content = $previous
SET m.content = $content, m.embedding = $embedding, m.tokenCount = $tokenCount, m.updatedAt = $now
WITH m
CALL (m) {
  UNWIND $entities AS entity
  MERGE (e:Entity {userId: $userId, key: entity.key})
    ON CREATE SET e.id = randomUUID(), e.name = entity.name, e.createdAt = $now
  MERGE (m)-[:MENTIONS]->(e)
}
RETURN m.id AS id
