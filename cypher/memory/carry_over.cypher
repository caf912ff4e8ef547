// name: carry_over
// Gives the new version of one of the caller's memories (an edit of its text, memory/versions.py) the links of the old one if the old one is still active with the text the edit started from (the edit's guard: no row otherwise): RELATED_TO both ways and MENTIONS, each with its properties (existing edges kept); returns the new version's createdAt (where the old one's belief time ends) and its text.
// mode: write
// params: userId, oldId, newId, previous
MATCH (old:Memory {id: $oldId})
WHERE old.userId = $userId AND old.status = 'active' AND old.content = $previous
MATCH (new:Memory {id: $newId})
WHERE new.userId = $userId AND new <> old
CALL (old, new) {
  MATCH (old)-[r:RELATED_TO]->(b:Memory)
  WHERE b.userId = $userId AND b <> new
  MERGE (new)-[c:RELATED_TO]->(b)
    ON CREATE SET c = properties(r)
  RETURN count(c) AS outgoing
}
CALL (old, new) {
  MATCH (a:Memory)-[r:RELATED_TO]->(old)
  WHERE a.userId = $userId AND a <> new
  MERGE (a)-[c:RELATED_TO]->(new)
    ON CREATE SET c = properties(r)
  RETURN count(c) AS incoming
}
CALL (old, new) {
  MATCH (old)-[r:MENTIONS]->(e:Entity)
  WHERE e.userId = $userId
  MERGE (new)-[c:MENTIONS]->(e)
    ON CREATE SET c = properties(r)
  RETURN count(c) AS mentions
}
RETURN new.createdAt AS at, new.content AS content
