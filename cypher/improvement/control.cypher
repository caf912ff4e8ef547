// name: control
// The self-improvement worker's runtime state: the kill switch and the circuit breaker (created on first use).
// mode: write
MERGE (c:SelfImprovementControl {id: 'self_improve'})
  ON CREATE SET c.killSwitch = false, c.consecutiveFailures = 0
RETURN c {.*} AS control
