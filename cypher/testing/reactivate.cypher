// name: reactivate
// Tests only: makes a superseded memory active again, without its SUPERSEDES edge and its closed clocks: two contradicting memories both active, as a store holds them where remember missed a contradiction (or from before a batch settled its own).
// mode: write
// params: userId, id
MATCH (m:Memory {id: $id}) WHERE m.userId = $userId
OPTIONAL MATCH (m)<-[s:SUPERSEDES]-()
DELETE s
SET m.status = 'active', m.validUntil = null, m.retiredAt = null
RETURN m.id AS id
