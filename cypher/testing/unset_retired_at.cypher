// name: unset_retired_at
// Tests only: removes a memory's retiredAt, as a store written before belief time had it.
// mode: write
// params: userId, id
MATCH (m:Memory {id: $id}) WHERE m.userId = $userId
REMOVE m.retiredAt
RETURN m.id AS id
