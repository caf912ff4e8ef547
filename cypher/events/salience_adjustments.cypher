// name: salience_adjustments
// Every salience.adjusted event (of one user, or of all users when userId is null), in log order; used by `graphmind replay`.
// mode: read
// params: userId
MATCH (e:Event {type: 'salience.adjusted'})
WHERE $userId IS NULL OR e.userId = $userId
RETURN e.userId AS userId, e.seq AS seq, e.payload AS payload
ORDER BY userId, seq
