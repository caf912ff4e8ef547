// name: set_kill_switch
// Engages or releases the self-improvement kill switch; a running cycle stops before its next proposal.
// mode: write
// params: engaged, reason, now
MERGE (c:SelfImprovementControl {id: 'self_improve'})
  ON CREATE SET c.consecutiveFailures = 0
SET c.killSwitch = $engaged, c.killSwitchReason = $reason, c.killSwitchChangedAt = $now
RETURN c {.*} AS control
