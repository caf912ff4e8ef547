// name: unlabel_improved
// Tests: takes the label Improved off a memory, as a store written before the label existed has it.
// mode: write
// params: userId, id
MATCH (m:Memory {id: $id}) WHERE m.userId = $userId
REMOVE m:Improved
RETURN m.id AS id
