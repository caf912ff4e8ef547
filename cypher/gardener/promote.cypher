// name: promote
// Raises each memory one temporal level (it kept proving itself) and records when.
// mode: write
// params: promotions, now
UNWIND $promotions AS p
MATCH (m:Memory {id: p.id}) USING INDEX SEEK m:Memory(id) WHERE m.userId = p.userId AND m.temporalLevel = p.from
SET m.temporalLevel = p.from + 1, m.promotedAt = $now, m.updatedAt = $now
RETURN m.id AS id, m.userId AS userId
