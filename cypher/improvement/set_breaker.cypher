// name: set_breaker
// Records the circuit breaker after a cycle: consecutive failures, and until when it is open (null: closed).
// mode: write
// params: consecutiveFailures, openUntil, now
MERGE (c:SelfImprovementControl {id: 'self_improve'})
  ON CREATE SET c.killSwitch = false
SET c.consecutiveFailures = $consecutiveFailures, c.breakerOpenUntil = $openUntil, c.breakerChangedAt = $now
RETURN c {.*} AS control
