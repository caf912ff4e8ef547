// name: delete_owned_node
// Tests only: deletes one of the caller's nodes by its id, with its relationships (a node deleted while an export reads its batches).
// mode: write
// params: userId, id
MATCH (n {id: $id}) WHERE n.userId = $userId
DETACH DELETE n
RETURN count(*) AS deleted
