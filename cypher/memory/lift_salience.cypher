// name: lift_salience
// Sets one of the caller's memories' base and effective salience (a restore lifting it back over the recall and prune floors; outcome adjustment unchanged); returns it.
// mode: write
// params: userId, id, base, effective
MATCH (m:Memory {id: $id})
WHERE m.userId = $userId
SET m.baseSalience = $base, m.effectiveSalience = $effective
RETURN m {.*, embedding: null} AS memory
