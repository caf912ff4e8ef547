// name: 041_experiment_id_unique
// One Experiment node per experiment run (graphmind experiment run; docs/experiments.md).
// mode: schema
CREATE CONSTRAINT experiment_id_unique IF NOT EXISTS
FOR (n:Experiment) REQUIRE n.id IS UNIQUE
