// name: decay_apply
// Writes decayed base and effective salience (R19) and restarts each memory's decay clock (decayedAt).
// mode: write
// params: updates, now
UNWIND $updates AS u
MATCH (m:Memory {id: u.id}) USING INDEX SEEK m:Memory(id) WHERE m.userId = u.userId AND m.status = 'active'
SET m.baseSalience = u.base, m.effectiveSalience = u.effective, m.decayedAt = $now
RETURN count(m) AS decayed
