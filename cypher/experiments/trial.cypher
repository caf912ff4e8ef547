// name: trial
// Records one finished trial of an experiment: its arm, seed, metric value and every measure (JSON).
// mode: write
// params: experimentId, id, arm, seed, value, measures, startedAt, durationMs
MATCH (e:Experiment {id: $experimentId})
CREATE (t:Trial {id: $id, experimentId: $experimentId, arm: $arm, seed: $seed, value: $value,
                 measures: $measures, startedAt: $startedAt, durationMs: $durationMs})
CREATE (e)-[:HAS_TRIAL]->(t)
RETURN t.id AS id
