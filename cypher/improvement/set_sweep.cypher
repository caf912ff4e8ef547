// name: set_sweep
// Moves the worker's sweep cursor (the empty string starts again from the first id).
// mode: write
// params: afterId
MERGE (c:SelfImprovementControl {id: 'self_improve'})
  ON CREATE SET c.killSwitch = false, c.consecutiveFailures = 0
SET c.sweepAfterId = $afterId
RETURN c.sweepAfterId AS afterId
