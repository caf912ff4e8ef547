// name: archive
// Archives pruned memories (restorable with `restore`), remembering their status before.
// mode: write
// params: ids, now
UNWIND $ids AS id
MATCH (m:Memory {id: id}) WHERE m.status = 'active'
SET m.statusBeforeArchive = m.status, m.status = 'archived', m.archivedAt = $now,
    m.archivedBy = 'gardener', m.updatedAt = $now
RETURN m.id AS id, m.userId AS userId
