// name: still_expired
// Of the gardener's expired-archive candidates, those still archived since before the cutoff, read again under their owners' locks: one restored (or archived anew) after the candidates were read is not deleted.
// mode: read
// params: ids, cutoff
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.status = 'archived' AND m.archivedAt < $cutoff
RETURN m.id AS id
ORDER BY id
