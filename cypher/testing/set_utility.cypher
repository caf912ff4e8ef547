// name: set_utility
// Tests only: sets a memory's learned utility directly.
// mode: write
// params: userId, id, utility
MATCH (m:Memory {id: $id}) WHERE m.userId = $userId
SET m.utilityEstimate = $utility
RETURN m.id AS id
