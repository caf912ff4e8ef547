// name: 045_improvement_cycle_id_unique
// One ImprovementCycle per id: the self-improvement worker's decision log, one node per cycle.
// mode: schema
CREATE CONSTRAINT improvement_cycle_id_unique IF NOT EXISTS
FOR (n:ImprovementCycle) REQUIRE n.id IS UNIQUE
