// name: link
// Adds links from one of the caller's memories: RELATED_TO another of the caller's memories, MENTIONS one of the caller's entities (existing edges are kept); returns the targets found and those newly linked.
// mode: write
// params: userId, fromId, links, now
MATCH (a:Memory {id: $fromId})
WHERE a.userId = $userId
CALL (a) {
  UNWIND $links AS l
  WITH a, l WHERE l.relation = 'related'
  MATCH (b:Memory {id: l.toId}) USING INDEX SEEK b:Memory(id)
  WHERE b.userId = $userId AND b <> a
  WITH a, b, EXISTS { (a)-[:RELATED_TO]->(b) } AS existed
  MERGE (a)-[r:RELATED_TO]->(b)
    ON CREATE SET r.at = $now, r.origin = 'obsidian'
  RETURN collect(b.id) AS related, collect(CASE WHEN existed THEN null ELSE b.id END) AS newRelated
}
CALL (a) {
  UNWIND $links AS l
  WITH a, l WHERE l.relation = 'mentions'
  MATCH (e:Entity {id: l.toId}) USING INDEX SEEK e:Entity(id)
  WHERE e.userId = $userId
  WITH a, e, EXISTS { (a)-[:MENTIONS]->(e) } AS existed
  MERGE (a)-[r:MENTIONS]->(e)
    ON CREATE SET r.at = $now, r.origin = 'obsidian'
  RETURN collect(e.id) AS mentions, collect(CASE WHEN existed THEN null ELSE e.id END) AS newMentions
}
RETURN related + mentions AS found,
       [id IN newRelated | {relation: 'related', toId: id}] + [id IN newMentions | {relation: 'mentions', toId: id}] AS linked
