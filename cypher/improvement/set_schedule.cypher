// name: set_schedule
// Switches the self-improvement worker on or off at run time (enabled null: follow GRAPHMIND_SELF_IMPROVEMENT_ENABLED) and restricts it to chosen users (users null: everyone); every server process reads it before each cycle.
// mode: write
// params: enabled, users, reason, now
MERGE (c:SelfImprovementControl {id: 'self_improve'})
  ON CREATE SET c.killSwitch = false, c.consecutiveFailures = 0
SET c.enabled = $enabled, c.users = $users, c.scheduleReason = $reason, c.scheduleChangedAt = $now
RETURN c {.*} AS control
