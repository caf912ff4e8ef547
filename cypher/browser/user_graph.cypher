// name: user_graph
// A user's memory graph: the 100 latest memories, the entities they mention and the timeline, supersession, lineage and association edges among them.
// mode: read
// params: userId
// In Browser: :param userId => "alice". Raise the LIMIT for more (Browser draws up to 300 nodes by default).
MATCH (m:Memory)
WHERE m.userId = $userId
WITH m ORDER BY m.createdAt DESC LIMIT 100
WITH collect(m) AS memories
CALL (memories) {
  UNWIND memories AS m
  RETURN m AS item
UNION
  UNWIND memories AS m
  MATCH p = (m)-[:NEXT|SUPERSEDES|ASSOCIATED|DERIVED_FROM|IMPROVES|RELATED_TO]->(other:Memory)
  WHERE other IN memories
  RETURN p AS item
UNION
  UNWIND memories AS m
  MATCH p = (m)-[:MENTIONS|ASSOCIATED]-(:Entity)
  RETURN p AS item
UNION
  MATCH p = (u:User {id: $userId})-[:LATEST]->(:Memory)
  RETURN p AS item
}
RETURN item
