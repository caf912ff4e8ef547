// name: 042_trial_id_unique
// One Trial node per trial of an experiment.
// mode: schema
CREATE CONSTRAINT trial_id_unique IF NOT EXISTS
FOR (n:Trial) REQUIRE n.id IS UNIQUE
