// name: archive
// Archives pruned memories (restorable with `restore`), remembering their status before; they are no longer believed (retiredAt) and each owner's graph generation moves. Each memory is checked again as it is written: still active, under the threshold, below level 4, outside a scene and not used since the job began ($now), so one that an outcome lifted or a remember reinforced after the candidates were read stays.
// mode: write
// params: ids, threshold, now
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.status = 'active' AND m.effectiveSalience < $threshold AND m.temporalLevel < 4
  AND NOT coalesce(m.inScene, false) AND coalesce(m.lastAccessedAt, m.createdAt) <= $now
SET m.statusBeforeArchive = m.status, m.status = 'archived', m.archivedAt = $now,
    m.archivedBy = 'gardener', m.updatedAt = $now, m.retiredAt = coalesce(m.retiredAt, $now)
WITH collect(m) AS archived
CALL (archived) {
  UNWIND archived AS m
  WITH DISTINCT m.userId AS userId
  MATCH (u:User {id: userId})
  SET u.graphGeneration = coalesce(u.graphGeneration, 0) + 1
}
UNWIND archived AS m
RETURN m.id AS id, m.userId AS userId
