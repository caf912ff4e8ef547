// name: 047_improvement_cycle_started_index
// Range index on ImprovementCycle startedAt: the last cycles first.
// mode: schema
CREATE RANGE INDEX improvement_cycle_started IF NOT EXISTS
FOR (c:ImprovementCycle) ON (c.startedAt)
