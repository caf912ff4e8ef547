// name: owned_nodes
// Every node of the caller, one row each: the User and, label by label, each node carrying the caller's userId, found by that label's userId index (a Term by its (userId, term) and an Event by its (userId, seq) index: the second property, always set, is asked for so that the planner takes it; a node of a label missing here would be left out of exports, deletions and health's node counts: tests/security/test_userdata.py checks every label a query writes with a userId is here).
// mode: read
// params: userId
MATCH (n:User {id: $userId}) RETURN n
UNION
MATCH (n:Memory {userId: $userId}) RETURN n
UNION
MATCH (n:Entity {userId: $userId}) RETURN n
UNION
MATCH (n:Term {userId: $userId}) WHERE n.term IS NOT NULL RETURN n
UNION
MATCH (n:Event {userId: $userId}) WHERE n.seq IS NOT NULL RETURN n
UNION
MATCH (n:Retrieval {userId: $userId}) RETURN n
UNION
MATCH (n:Decision {userId: $userId}) RETURN n
UNION
MATCH (n:Outcome {userId: $userId}) RETURN n
UNION
MATCH (n:SalienceUpdate {userId: $userId}) RETURN n
UNION
MATCH (n:Hypothesis {userId: $userId}) RETURN n
UNION
MATCH (n:Conclusion {userId: $userId}) RETURN n
UNION
MATCH (n:Trail {userId: $userId}) RETURN n
UNION
MATCH (n:Session {userId: $userId}) RETURN n
UNION
MATCH (n:SessionEntry {userId: $userId}) RETURN n
UNION
MATCH (n:Scene {userId: $userId}) RETURN n
UNION
MATCH (n:Snapshot {userId: $userId}) RETURN n
UNION
MATCH (n:Pattern {userId: $userId}) RETURN n
UNION
MATCH (n:ApiKey {userId: $userId}) RETURN n
UNION
MATCH (n:IdempotentRequest {userId: $userId}) RETURN n
UNION
MATCH (n:ImprovementDecision {userId: $userId}) RETURN n
