// name: statuses
// The status of each of the given ids among the caller's memories (missing ids are absent).
// mode: read
// params: userId, ids
UNWIND $ids AS id
MATCH (m:Memory {id: id}) USING INDEX SEEK m:Memory(id)
WHERE m.userId = $userId
RETURN m.id AS id, m.status AS status
