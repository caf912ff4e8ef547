// name: set_evidence
// Tests only: sets a memory's learned utility and the variance of that estimate directly.
// mode: write
// params: userId, id, utility, variance
MATCH (m:Memory {id: $id}) WHERE m.userId = $userId
SET m.utilityEstimate = $utility, m.utilityVariance = $variance
RETURN m.id AS id
